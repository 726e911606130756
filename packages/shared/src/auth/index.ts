export * from './fields';
export * from './cookies';
export * from './messages';
export * from './password';
export * from './schemas';
export * from './privacy';
export * from './two-factor';
export * from './sessions';
