export { Toaster } from './Toaster';
export { toast, undoToast, type ToastHandle, type ToastInput } from './toast';
export { notify, type NotifyOptions } from './notify';
export type { ToastVariant } from './toastReducer';
export type { NotifyType } from './notifyReducer';
export * from './toastConstants';
