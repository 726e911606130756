export * from './setup';
export * from './audit';
export * from './outbox';
