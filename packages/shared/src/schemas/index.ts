export * from './accounts';
export * from './api';
export * from './catalogue';
export * from './codes';
export * from './jobs';
export * from './orders';
export * from './rewards';
export * from './support';
