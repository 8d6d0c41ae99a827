export * from './countries.js';
export * from './errors.js';
export * from './geometry.js';
export * from './parcel.js';
export * from './analysis.js';
export * from './import.js';
export * from './hazard-layers.js';
export * from './batch.js';
