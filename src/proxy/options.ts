// The settings' public face, where the service's modules and embedders import them from;
// they are declared once in settings/table.ts.
export * from './settings/index.js'
