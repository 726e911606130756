export * from './currency';
export * from './site-currency-preview';
export * from './money';
export * from './rules';
export * from './messages';
export * from './schemas';
