export * from './channels'
export * from './pushes'
export * from './reply'
export * from './api'
