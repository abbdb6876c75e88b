/** Plane projective transforms (3 × 3, row-major, h[8] normalised to 1) from four point pairs. */
export type Point = [number, number];
export type Homography = number[];

/** The homography taking each `from[i]` to `to[i]` (solved by Gaussian elimination). */
export function homography(from: Point[], to: Point[]): Homography {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i], [u, v] = to[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const f = a[r][col] / a[col][col];
      for (let c = col; c < 9; c++) a[r][c] -= f * a[col][c];
    }
  }
  return [...a.map((row, i) => row[8] / row[i]), 1];
}

export function apply(h: Homography, [x, y]: Point): Point {
  const d = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / d, (h[3] * x + h[4] * y + h[5]) / d];
}

/** How long a short vertical step at `p` becomes (the local vertical scale). */
export function verticalScale(h: Homography, [x, y]: Point): number {
  const a = apply(h, [x, y - 0.5]), b = apply(h, [x, y + 0.5]);
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}
