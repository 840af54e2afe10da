#pragma once
// The parts of the exported C file that do not depend on the model (c_source_export.h).
namespace treelab {

// Φ⁻¹ (Wichura's AS241, as Python's statistics.NormalDist) and np.interp: scikit-learn's
// QuantileTransformer(output_distribution="normal") as quantile_normal.h computes it, reading
// TREELAB_CLIP_MIN and TREELAB_CLIP_MAX.
extern const char* const kCQuantileNormalCode;
// -DTREELAB_MAIN: a CSV reader on stdin (header row, delimiter from the header, quoted fields,
// "", NA and ? missing) that finds the inputs by name, and the shortest round-trip number text
// of std::to_chars, as `treelab-cli predict` writes values. Reads treelab_input_names,
// treelab_input_levels and TREELAB_CLASSIFICATION.
extern const char* const kCScriptCode;

}  // namespace treelab
