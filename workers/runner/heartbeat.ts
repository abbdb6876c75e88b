/** Rewrites `path` every 5 s while `isHealthy()` holds, so a liveness probe can check its age. */
export function startHeartbeat(
  path: string,
  isHealthy: () => boolean,
): ReturnType<typeof setInterval> {
  const beat = () => {
    if (isHealthy()) Deno.writeTextFile(path, new Date().toISOString()).catch(() => {});
  };
  beat();
  return setInterval(beat, 5000);
}
