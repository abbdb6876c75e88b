/**
 * A live camera scan sends many small frames of the MRZ band instead of one large photo. A request
 * body at most this large (the JSON with the base64 JPEG) counts as a frame: frames have a rate
 * limit of their own, higher than photos', and the page keeps every frame under it.
 */
export const MRZ_FRAME_MAX_BODY_BYTES = 256 * 1024;
