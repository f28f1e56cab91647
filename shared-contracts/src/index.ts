export * from './constants.js';
export * from './messages.js';
export * from './validation.js';
export * from './validators.js';
export * from './auth.dto.js';
export * from './links.dto.js';
export * from './settings.dto.js';
export * from './views.js';
