/** What the service worker posts to its pages when it fails; the page logs it under '[sw]'. */
export interface WorkerErrorMessage {
  type: 'lectern:error';
  name: string;
  message: string;
  stack?: string;
  info: string;
}
