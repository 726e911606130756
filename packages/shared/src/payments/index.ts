export * from './currency';
export * from './money';
export * from './rules';
export * from './messages';
export * from './schemas';
