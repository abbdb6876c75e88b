/**
 * The simulator's own control API under /__sim/ — never part of eVisitor's protocol. Tests and
 * developers use it to inject failures, reset to the seed, look at the state and move the clock.
 */
import { FAULT_MODES, type FaultMode, type FaultQueue } from "./faults.ts";
import { json } from "./responses.ts";
import type { SeedFacility, SeedHost, SimState } from "./state.ts";

export interface ControlContext {
  state: SimState;
  faults: FaultQueue;
  now: () => number;
}

const bad = (message: string) => json({ error: message }, 400);

async function body(req: Request): Promise<Record<string, unknown> | null> {
  try {
    const parsed = await req.json();
    return typeof parsed === "object" && parsed !== null ? parsed : null;
  } catch {
    return null;
  }
}

function snapshot(ctx: ControlContext) {
  const { state } = ctx;
  return {
    now: new Date(ctx.now()).toISOString(),
    hosts: [...state.hosts.values()].map((h) => ({
      username: h.username,
      name: h.name,
      failedLogins: state.failures.get(h.username.toLowerCase())?.count ?? 0,
      lockedUntil: state.failures.get(h.username.toLowerCase())?.lockedUntil ?? null,
      facilities: h.facilities.map((f) => ({
        id: f.id,
        code: f.code,
        name: f.name,
        units: f.units.length,
      })),
    })),
    sessions: state.sessions.size,
    loginAttempts: state.loginAttempts,
    apiKeyRefusals: state.apiKeyRefusals,
    registrations: [...state.registrations.values()],
    faults: ctx.faults.list(),
    requests: state.requests,
    calls: Object.fromEntries(state.calls),
  };
}

/** A host from POST /__sim/hosts; facilities need a code, everything else has a default. */
function hostFrom(b: Record<string, unknown>): SeedHost | string {
  if (typeof b.username !== "string" || b.username === "") return "username is required";
  if (typeof b.password !== "string" || b.password === "") return "password is required";
  const facilities = Array.isArray(b.facilities) ? b.facilities as Partial<SeedFacility>[] : [];
  if (facilities.some((f) => typeof f?.code !== "string" || f.code === "")) {
    return "every facility needs a code (a string: leading zeros count)";
  }
  return {
    username: b.username,
    password: b.password,
    apiKey: typeof b.apiKey === "string" ? b.apiKey : undefined,
    name: typeof b.name === "string" ? b.name : b.username,
    pin: b.username.split(".")[0],
    ttPayerId: crypto.randomUUID(),
    facilities: facilities.map((f) => ({
      id: crypto.randomUUID(),
      name: f.code!,
      facilityType: "Apartmani",
      category: "3*",
      settlement: "Split",
      settlementHrId: crypto.randomUUID(),
      streetNumber: "",
      isDeactivated: false,
      isVacationHome: false,
      paymentCategories: ["1", "2", "14"],
      unitTypes: [],
      units: [],
      ...f,
      code: f.code!,
    })),
  };
}

export async function handleControl(req: Request, path: string, ctx: ControlContext) {
  const route = `${req.method} ${path}`;
  switch (route) {
    case "GET /__sim/state":
      return json(snapshot(ctx));
    case "POST /__sim/reset":
      ctx.state.reset();
      ctx.faults.clear();
      return json({ ok: true });
    case "GET /__sim/faults":
      return json(ctx.faults.list());
    case "DELETE /__sim/faults":
      ctx.faults.clear();
      return json({ ok: true });
    case "POST /__sim/faults": {
      const b = await body(req);
      const mode = b?.mode as FaultMode;
      if (!b || !FAULT_MODES.includes(mode)) {
        return bad(`mode must be one of ${FAULT_MODES.join(", ")}`);
      }
      if (mode === "expire-sessions") {
        const dropped = ctx.state.sessions.size;
        ctx.state.sessions.clear();
        return json({ ok: true, dropped });
      }
      const count = b.count === undefined ? 1 : Number(b.count);
      if (!Number.isInteger(count) || count < 1) return bad("count must be a whole number ≥ 1");
      const after = b.after === undefined ? undefined : Number(b.after);
      if (after !== undefined && (!Number.isInteger(after) || after < 0)) {
        return bad("after must be a whole number ≥ 0");
      }
      const delayMs = b.delayMs === undefined ? undefined : Number(b.delayMs);
      if (delayMs !== undefined && (!Number.isFinite(delayMs) || delayMs < 0)) {
        return bad("delayMs must be a number ≥ 0");
      }
      ctx.faults.add({
        mode,
        remaining: count,
        path: typeof b.path === "string" ? b.path : undefined,
        delayMs,
        supportId: typeof b.supportId === "string" ? b.supportId : undefined,
        after,
      });
      return json({ ok: true, faults: ctx.faults.list() });
    }
    case "POST /__sim/hosts": {
      const b = await body(req);
      const host = b ? hostFrom(b) : "a JSON object is required";
      if (typeof host === "string") return bad(host);
      if (ctx.state.host(host.username)) return bad("a host with this username exists");
      ctx.state.addHost(host);
      return json({ ok: true }, 201);
    }
    case "POST /__sim/credentials": {
      // The host changes the password (eVisitor makes them) or HTZ issues a new API key.
      const b = await body(req);
      const host = typeof b?.username === "string" ? ctx.state.host(b.username) : undefined;
      if (!b || !host) return bad("username must name a host");
      if (typeof b.password === "string" && b.password !== "") host.password = b.password;
      if (typeof b.apiKey === "string") host.apiKey = b.apiKey;
      if (b.apiKey === null) host.apiKey = undefined;
      // A changed password ends the host's sessions, as a changed forms-auth password does.
      for (const [token, session] of ctx.state.sessions) {
        if (session.username.toLowerCase() === host.username.toLowerCase()) {
          ctx.state.sessions.delete(token);
        }
      }
      return json({ ok: true });
    }
    case "POST /__sim/facilities": {
      // The tourist board deactivates a facility (or opens it again): it stays in FacilityBrowse
      // with IsDeactivated, leaves FacilityTouristCheckInLookup and takes no more check-ins.
      const b = await body(req);
      const facility = typeof b?.code === "string"
        ? [...ctx.state.hosts.values()].flatMap((h) => h.facilities).find((f) => f.code === b.code)
        : undefined;
      if (!b || !facility) return bad("code must name a facility");
      if (typeof b.isDeactivated !== "boolean") return bad("isDeactivated must be true or false");
      facility.isDeactivated = b.isDeactivated;
      return json({ ok: true });
    }
    case "POST /__sim/check-out": {
      // The host checks a guest out in eVisitor's own site (not through the API).
      const b = await body(req);
      const registration = typeof b?.id === "string"
        ? ctx.state.registrations.get(b.id.toLowerCase())
        : undefined;
      if (!registration || registration.status !== "active") {
        return bad("id must name an active registration");
      }
      registration.status = "checked-out";
      registration.checkOut = {
        date: registration.fields.StayFrom,
        time: registration.fields.TimeStayFrom,
      };
      return json({ ok: true });
    }
    case "POST /__sim/clock": {
      const b = await body(req);
      if (b?.now === null) {
        ctx.state.fixedNow = null;
      } else {
        const ms = typeof b?.now === "string" ? Date.parse(b.now) : NaN;
        if (Number.isNaN(ms)) return bad("now must be an ISO date-time or null");
        ctx.state.fixedNow = ms;
      }
      return json({ ok: true, now: new Date(ctx.now()).toISOString() });
    }
  }
  return json({ error: `unknown control route ${route}` }, 404);
}
