/** Font size of the axis labels, in px (also what their width is estimated at). */
export const AXIS_FONT = 11;

/** Hidden on screen, still read by screen readers. */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
