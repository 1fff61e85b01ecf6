import jsQR from 'jsqr';

/**
 * Finding a QR code in pixels, for photos and scans as well as the clean images inside a PDF. jsQR locates the
 * code at any angle and under perspective; around it this tries the sizes it reads best (a photo brought down to
 * 500 to 1000 pixels, which also averages noise away; a small image brought up), a binarisation of its own that
 * smooths noise and follows uneven light, the four quarters of a large photo for a code too small to survive the
 * shrinking, jsQR's own binarisation, and the inverse (a light code on a dark ground). It stops at the first code
 * read or when its time is up.
 */

/** Grey levels, one byte a pixel, row by row. */
export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

/** RGBA (or RGB, or grey, by `channels`) pixels to grey levels; what is transparent shows the white page. */
export function greyOf(data: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: number): Grey {
  const out = new Uint8Array(width * height);
  if (channels === 1) out.set(data.subarray(0, out.length));
  else {
    for (let i = 0, p = 0; i < out.length; i++, p += channels) {
      // Rec. 601 luma in integers.
      const luma = (77 * data[p]! + 150 * data[p + 1]! + 29 * data[p + 2]!) >> 8;
      const alpha = channels === 4 ? data[p + 3]! : 255;
      out[i] = alpha === 255 ? luma : (luma * alpha + 255 * (255 - alpha)) / 255;
    }
  }
  return { data: out, width, height };
}

/** A copy at another size: the mean of each cell when shrinking, the nearest pixel when growing. */
export function resized(img: Grey, width: number, height: number): Grey {
  const out = new Uint8Array(width * height);
  const sx = img.width / width;
  const sy = img.height / height;
  if (sx <= 1 && sy <= 1) {
    for (let y = 0; y < height; y++) {
      const row = Math.min(img.height - 1, Math.floor(y * sy)) * img.width;
      for (let x = 0; x < width; x++) out[y * width + x] = img.data[row + Math.min(img.width - 1, Math.floor(x * sx))]!;
    }
    return { data: out, width, height };
  }
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.min(img.height, Math.floor((y + 1) * sy)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.min(img.width, Math.floor((x + 1) * sx)));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) {
        const row = yy * img.width;
        for (let xx = x0; xx < x1; xx++) sum += img.data[row + xx]!;
      }
      out[y * width + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return { data: out, width, height };
}

/** At most `side` pixels on the longer side (never grown). */
function fitted(img: Grey, side: number): Grey {
  const scale = side / Math.max(img.width, img.height);
  if (scale >= 1) return img;
  return resized(img, Math.max(1, Math.round(img.width * scale)), Math.max(1, Math.round(img.height * scale)));
}

/**
 * Black where the mean of a pixel's 3 × 3 neighbourhood is darker than the mean around it over a window of a
 * sixteenth of the image, white elsewhere: the small mean takes out sensor noise, the wide one uneven light.
 * `inverse` swaps the two, for a light code on a dark ground.
 */
export function binarised(img: Grey, inverse = false): Grey {
  const { width, height, data } = img;
  const w = width + 1;
  const sums = new Float64Array(w * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      sums[(y + 1) * w + x + 1] = sums[y * w + x + 1]! + row;
    }
  }
  const meanOf = (x0: number, y0: number, x1: number, y1: number) =>
    (sums[y1 * w + x1]! - sums[y0 * w + x1]! - sums[y1 * w + x0]! + sums[y0 * w + x0]!) / ((y1 - y0) * (x1 - x0));
  const r = Math.max(4, Math.round(Math.max(width, height) / 16));
  const [dark, light] = inverse ? [255, 0] : [0, 255];
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const ny0 = Math.max(0, y - 1);
    const ny1 = Math.min(height, y + 2);
    const wy0 = Math.max(0, y - r);
    const wy1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const near = meanOf(Math.max(0, x - 1), ny0, Math.min(width, x + 2), ny1);
      const around = meanOf(Math.max(0, x - r), wy0, Math.min(width, x + r + 1), wy1);
      out[y * width + x] = near < around - 6 ? dark : light;
    }
  }
  return { data: out, width, height };
}

/** A rectangle of the image. */
function cropped(img: Grey, left: number, top: number, width: number, height: number): Grey {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    out.set(img.data.subarray((top + y) * img.width + left, (top + y) * img.width + left + width), y * width);
  }
  return { data: out, width, height };
}

/** jsQR over grey levels; `both` also tries the inverted image (jsQR's own binarisation, twice the time). */
function decode(img: Grey, both: boolean): string | undefined {
  const rgba = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0, p = 0; i < img.data.length; i++, p += 4) {
    const v = img.data[i]!;
    rgba[p] = v;
    rgba[p + 1] = v;
    rgba[p + 2] = v;
    rgba[p + 3] = 255;
  }
  const found = jsQR(rgba, img.width, img.height, { inversionAttempts: both ? 'attemptBoth' : 'dontInvert' });
  return found?.data || undefined;
}

/**
 * The copies of an image worth a try, likeliest and cheapest first, each with whether jsQR should also try it
 * inverted. The binarised copies are the quick ones (jsQR finds few false finder patterns in them); jsQR's own
 * reading of the grey image is slower on a noisy photo, so it comes after.
 */
function* attempts(img: Grey): Generator<[Grey, boolean]> {
  const side = Math.max(img.width, img.height);
  if (side < 400) {
    const grown = resized(img, img.width * 2, img.height * 2);
    yield [binarised(grown), false];
    yield [grown, true];
    yield [img, true];
    yield [binarised(grown, true), false];
    return;
  }
  // A large photo is brought down once to 1600 pixels and the smaller copies made from that: a copy made from a
  // 12-megapixel photo reads all of it again.
  const base = fitted(img, 1600);
  const working = fitted(base, 800);
  yield [binarised(working), false];
  yield [binarised(fitted(base, 1000)), false];
  yield [binarised(working, true), false];
  yield [binarised(fitted(base, 500)), false];
  // Small modules need the pixels: up to 1600 on the longer side, then the quarters of anything larger.
  if (side > 1000) yield [binarised(base), false];
  if (side > 1600) {
    // Quarters overlapping by a fifth, for a code small in a large photo.
    const w = Math.round(img.width * 0.6);
    const h = Math.round(img.height * 0.6);
    for (const [x, y] of [
      [0, 0],
      [img.width - w, 0],
      [0, img.height - h],
      [img.width - w, img.height - h],
    ] as const) {
      yield [binarised(fitted(cropped(img, x, y, w, h), 1000)), false];
    }
  }
  yield [working, true];
}

/**
 * The process's CPU time in milliseconds: the QR search's budget is counted in it, so a busy machine slows the
 * search without cutting it short.
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The text of the first QR code found, or undefined; gives up once `deadline` (in `cpuMs()`) is past. */
export function findQr(img: Grey, deadline: number): string | undefined {
  if (img.width < 21 || img.height < 21) return undefined;
  for (const [attempt, both] of attempts(img)) {
    const text = decode(attempt, both);
    if (text !== undefined) return text;
    if (cpuMs() > deadline) return undefined;
  }
  return undefined;
}
