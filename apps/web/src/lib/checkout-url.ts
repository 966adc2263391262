/** Only web addresses (absolute or on this site) are followed, never e.g. `javascript:`. */
const followableUrl = /^(https?:\/\/|\/)/i;

/** True for a checkout address the browser may be sent to. */
export function isFollowableUrl(url: string): boolean {
  return followableUrl.test(url);
}
