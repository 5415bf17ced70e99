/** pngjs ships no types: the part of its sync API Foyer uses (node_modules/pngjs/lib/png-sync.js), reading screenshots and writing test evidence. */
declare module 'pngjs' {
  interface PngImage {
    width: number
    height: number
    /** RGBA, 4 bytes a pixel, rows top to bottom. */
    data: Buffer
  }

  export const PNG: {
    sync: {
      read(buffer: Buffer): PngImage
      write(image: PngImage): Buffer
    }
  }
}
