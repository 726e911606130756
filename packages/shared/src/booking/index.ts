export * from './admin';
export * from './availability';
export * from './booking';
export * from './fields';
export * from './limits';
export * from './messages';
export * from './service';
export * from './intake';
