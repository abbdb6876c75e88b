import { useEffect, useState } from "react";
import type { GettingStarted } from "@shared/schemas/getting-started.ts";
import { getGettingStarted, setGettingStartedHidden } from "../../lib/api/getting-started.ts";

/**
 * The first steps' state (undefined until read, or when it could not be: the steps then show
 * without their marks), and hiding or showing them again, kept on the server for every device.
 */
export function useGettingStarted() {
  const [state, setState] = useState<GettingStarted>();
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getGettingStarted(controller.signal).then(setState).catch(() => {});
    return () => controller.abort();
  }, []);

  async function setHidden(hidden: boolean) {
    setSaving(true);
    try {
      setState(await setGettingStartedHidden(hidden));
    } finally {
      setSaving(false);
    }
  }

  return { state, isSaving, setHidden };
}
