export * from './format';
export * from './schemas';
