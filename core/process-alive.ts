/**
 * Whether a process of this machine is alive, by its pid (`kill(pid, 0)` sends nothing). A pid the
 * system gave to another program after its process died answers alive too; callers guard against
 * that where they can (a token, a heartbeat).
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, run by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
