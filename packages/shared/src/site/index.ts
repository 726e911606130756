export * from './format';
export * from './limits';
export * from './messages';
export * from './schemas';
export * from './portrait';
export * from './portrait-schemas';
