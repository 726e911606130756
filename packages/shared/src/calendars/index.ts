export * from './feed';
export * from './schemas';
