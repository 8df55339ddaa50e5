/** A User Timing mark set the way the app sets its own: in a task queued from the frame that painted the change. */
export function markAfterPaint(name: string): void {
  requestAnimationFrame(() => {
    setTimeout(() => {
      performance.clearMarks(name);
      performance.mark(name);
    }, 0);
  });
}
