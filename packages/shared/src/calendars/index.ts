export * from './feed';
export * from './schemas';
export * from './sources';
export * from './sources-schemas';
