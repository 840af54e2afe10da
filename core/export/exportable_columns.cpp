#include "core/export/exportable_columns.h"

#include "core/error.h"

namespace treelab {

void require_exportable_columns(const FeaturePipeline& pipeline, const std::string& export_name) {
    for (const InputColumn& input : pipeline.inputs) {
        std::string kind;
        if (!input.reading.plain()) kind = reading_text(input.reading);
        else if (input.kind == ColumnKind::Categorical && input.encoding == CategoricalEncoding::Ordinal) kind = "ordinal-encoded text";
        if (kind.empty()) continue;
        throw Error("the " + export_name + " export cannot read column '" + input.name + "', a " + kind +
                    "; it reads numbers and one-hot or leave-one-out text only. Use treelab-cli predict, or retrain with "
                    "--dates none, --thousands none, --percent none or --encode '" + input.name + "=onehot'");
    }
}

}  // namespace treelab
