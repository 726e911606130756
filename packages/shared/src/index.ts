export * from './constants';
export * from './health';
export * from './paths';
export * from './problem';
export * from './auth';
export * from './contact';
export * from './site';
export * from './booking';
