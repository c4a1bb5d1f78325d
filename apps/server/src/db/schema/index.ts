export * from './catalogue';
export * from './orders';
export * from './reconciliation';
export * from './rewards';
export * from './sales';
export * from './support';
export * from './system';
export * from './users';
