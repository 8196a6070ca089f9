import type { Area } from 'react-easy-crop';

/** The stored original is at most 2048 px; a profile picture needs far less. */
export const CROPPED_EDGE = 512;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('This file could not be read as a picture.'));
    image.src = src;
  });
}

/** The chosen square of the picture as a PNG of at most CROPPED_EDGE px. */
export async function cropToBlob(src: string, area: Area): Promise<Blob> {
  const image = await loadImage(src);
  const edge = Math.max(1, Math.min(CROPPED_EDGE, Math.round(area.width)));
  const canvas = document.createElement('canvas');
  canvas.width = edge;
  canvas.height = edge;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop pictures.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, edge, edge);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be cropped.'))), 'image/png'),
  );
}
