export * from './limits';
export * from './messages';
export * from './schemas';
export * from './credit-adjustment';
