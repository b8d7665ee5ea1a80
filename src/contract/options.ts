/** GET /category/list and /category/subclass/list items (pickers). */
export interface CategoryOption {
  id: number;
  name: string;
}
export interface SubclassOption {
  id: number;
  categoryId: number;
  name: string;
}

/** `data` of `POST /file/upload/img`: the new library image. */
export interface ImageUploadResult {
  id: number;
  url: string;
}

/** What the image picker reads of a `POST /image/page` row. */
export interface ImageOption {
  id: number;
  url: string;
  fileName: string;
}
