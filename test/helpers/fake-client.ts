import type { InputOf, OutputOf, PublicOperationName } from '../../core/model/operations.js';
import type { CatastroClient } from '../../renderer/client/catastro-client.js';

/** Answers of a fake client by operation, each given the call's one input object. */
export type OperationFakes = { [K in PublicOperationName]?: (input: InputOf<K>) => Promise<OutputOf<K>> | OutputOf<K> };

/**
 * A CatastroClient for renderer tests: `call(name, input)` runs the fake given for that operation
 * (an operation without one rejects, so a test sees a call it did not expect); `rest` adds the
 * capabilities (offline, layers, desktop) and overrides `kind`.
 */
export function fakeClient(fakes: OperationFakes, rest: Partial<CatastroClient> = {}): CatastroClient {
  return {
    kind: 'http',
    parcelTileUrl: () => 'catastro-tile://{z}/{x}/{y}',
    ...rest,
    call: async (name: PublicOperationName, input: unknown = {}) => {
      const fake = fakes[name] as ((input: unknown) => unknown) | undefined;
      if (!fake) throw new Error(`The fake client has no ${name}.`);
      return fake(input);
    },
  } as CatastroClient;
}
