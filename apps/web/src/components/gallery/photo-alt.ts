/** The alt text of a product's photo: the product and its place among its photos. */
export const photoAlt = (name: string, index: number, total: number) =>
  `${name}, foto ${index + 1} de ${total}`;

/** The counter of a photo: 'Foto 2 de 5'. */
export const photoCounter = (index: number, total: number) => `Foto ${index + 1} de ${total}`;

export interface GalleryPhoto {
  id: string;
  url: string;
  thumb_url: string;
  width: number;
  height: number;
}
