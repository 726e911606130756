export * from './money';
export * from './rules';
