import { Alert } from 'antd';

/** Why the server refused a dialog's form, above the form; nothing while there is no refusal. */
export function FormProblem({ problem, testId }: { problem: string | undefined; testId: string }) {
  if (problem === undefined) return null;
  return <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} data-testid={testId} />;
}
