// Runs many ONNX models in one node process with onnxruntime-web (WebAssembly backend, one
// thread) and writes their outputs as JSON, for the ONNX export's equality tests.
//   node run_onnx_models.js MANIFEST OUT
// MANIFEST: {"runtime": "<dir of the onnxruntime-web package>",
//            "models": [{"name": ..., "model": "<file.onnx>", "inputs": "<file.json>"}]}
// inputs file: {"<input name>": {"type": "float32" | "string", "dims": [...], "data": [...]}},
//   a missing float32 value written as null (JSON has no NaN).
// OUT: {"<name>": {"<output name>": [values, flattened]}} or {"<name>": {"error": "<message>"}}.
'use strict';
const fs = require('fs');

async function main() {
  const [manifestFile, outFile] = process.argv.slice(2);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const ort = require(manifest.runtime);
  ort.env.wasm.numThreads = 1;
  const results = {};
  for (const entry of manifest.models) {
    try {
      const session = await ort.InferenceSession.create(fs.readFileSync(entry.model));
      const given = JSON.parse(fs.readFileSync(entry.inputs, 'utf8'));
      const feeds = {};
      for (const [name, tensor] of Object.entries(given)) {
        const data = tensor.type === 'float32'
          ? Float32Array.from(tensor.data, (v) => (v === null ? NaN : v))
          : tensor.data;
        feeds[name] = new ort.Tensor(tensor.type, data, tensor.dims);
      }
      const outputs = await session.run(feeds);
      const result = {};
      for (const [name, tensor] of Object.entries(outputs)) {
        result[name] = Array.from(tensor.data, (v) => (typeof v === 'bigint' ? Number(v) : v));
      }
      results[entry.name] = result;
      await session.release();
    } catch (error) {
      results[entry.name] = { error: String(error && error.message ? error.message : error) };
    }
  }
  fs.writeFileSync(outFile, JSON.stringify(results));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
