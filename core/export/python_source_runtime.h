#pragma once
// The part of the exported Python file that does not depend on the model (python_source_export.h):
// the input pipeline, routing, the routing predictor, the CSV script mode, reading the tables the
// writer puts above it.
namespace treelab {

extern const char* const kPythonRuntimeCode;

}  // namespace treelab
