export * from './constants';
export * from './health';
export * from './paths';
export * from './problem';
