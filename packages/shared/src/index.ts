export * from './errors';
export * from './limits';
export * from './schemas';
