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
