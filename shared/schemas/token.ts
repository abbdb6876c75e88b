import { z } from "zod";

/** The bearer tokens of a session, shared by sign-in and impersonation answers. */
export const tokenShape = {
  tokenType: z.string(),
  accessToken: z.string(),
  /** Seconds. */
  expiresIn: z.number().int().positive(),
  refreshToken: z.string(),
};
