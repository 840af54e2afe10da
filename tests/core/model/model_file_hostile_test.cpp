// Corrupt, foreign and hostile model files (tests/data/models/) are refused with a ModelFileError
// naming the file and the problem, never a crash.
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/model/model_file.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

std::filesystem::path model_data(const std::string& name) { return test::test_data("models/" + name); }

std::string read_text(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// load_model(file) throws a ModelFileError whose message starts with the file name and contains `expected`.
void expect_refused(const std::filesystem::path& file, const std::string& expected, const ModelFileLimits& limits = {}) {
    try {
        load_model(file, limits);
        ADD_FAILURE() << file << ": expected a ModelFileError containing: " << expected;
    } catch (const ModelFileError& error) {
        const std::string message = error.what();
        EXPECT_EQ(message.rfind(file.string() + ": ", 0), 0u) << message;
        EXPECT_NE(message.find(expected), std::string::npos) << message;
    }
}

struct HostileCase {
    const char* file;
    const char* expected;
};

void PrintTo(const HostileCase& c, std::ostream* out) { *out << c.file; }

class HostileModelFile : public testing::TestWithParam<HostileCase> {};

// Each hostile file is refused with a message naming the file and its specific problem.
TEST_P(HostileModelFile, IsRefusedWithAPreciseMessage) {
    expect_refused(model_data(GetParam().file), GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, HostileModelFile,
    testing::Values(
        HostileCase{"not_json.json", "is not valid JSON (byte 2): parse error at line 1, column 2: syntax error while parsing value"},
        HostileCase{"truncated.json", "is not valid JSON (byte 1329): parse error at line 80, column 10"},
        HostileCase{"wrong_format.json",
                    "is not a TreeLab model file (\"format\" is the string \"sklearn-model\", expected \"treelab-model\")"},
        HostileCase{"newer_version.json",
                    "was written by a newer TreeLab (format version 7); this build reads up to 4"},
        HostileCase{"cycle.json", "node 0 is reached twice, the second time as a child of node 3"},
        HostileCase{"child_out_of_range.json", "node 1 has child index 9, but the tree has 5 nodes"},
        HostileCase{"negative_child.json", "node 1: field \"left\" is -3, outside the range -1 to 2147483647"},
        HostileCase{"one_child.json", "node 1 has only one child (left 3, right -1)"},
        HostileCase{"nan_threshold_string.json",
                    "node 0: field \"threshold\" must be a number or null, not the string \"NaN\""},
        HostileCase{"null_threshold_on_split.json", "node 0 splits with threshold nan"},
        HostileCase{"feature_out_of_range.json", "node 0 splits on feature 5 but the model has 2 features"},
        HostileCase{"distribution_wrong_size.json", "node 2 has a distribution of size 1; expected 2"},
        HostileCase{"missing_field.json", "node 4: field \"samples\" is missing"},
        HostileCase{"wrong_type.json", "node 3: field \"pruned\" must be true or false, not the string \"yes\""},
        HostileCase{"depth_out_of_range.json", "node 3: field \"depth\" is 4294967296, outside the range 0 to 2147483647"},
        HostileCase{"node_not_object.json", "node 2 must be an object, not an array"},
        HostileCase{"id_mismatch.json", "node 2 has \"id\" 7; ids must equal positions in \"nodes\""},
        HostileCase{"pipeline_mismatch.json", "the pipeline makes 3 features but the tree has 2 feature names"},
        HostileCase{"zscore_zero_scale.json",
                    "the pipeline's z-score scale of feature 'petal_length' is 0.0; a scale must be positive"},
        HostileCase{"axis_precision_unknown.json",
                    "field \"axis_precision\" must be \"float32\" or \"float64\", not \"float16\""},
        HostileCase{"axis_precision_wrong_type.json", "field \"axis_precision\" must be a string, not the number 32"},
        HostileCase{"leaf_weights_wrong_size.json", "node 1 has 3 linear leaf weights but the model has 2 features"},
        HostileCase{"leaf_weights_null.json", "node 2: entry 1 of \"leaf_weights\" must be a number, not null"},
        HostileCase{"leaf_weights_overflow.json", "has a number too large for a double (number overflow parsing '1e999')"},
        HostileCase{"leaf_weights_on_classification.json",
                    "node 3 has linear leaf weights, but a classification tree predicts class probabilities only"}),
    [](const testing::TestParamInfo<HostileCase>& info) {
        std::string name = info.param.file;
        name = name.substr(0, name.find('.'));
        return name;
    });

// The well-formed file the hostile ones are derived from loads, so each refusal is due to its one defect.
TEST(ModelFileLoad, BaseFileLoads) {
    const ModelFile model = load_model(model_data("valid.json"));
    EXPECT_EQ(model.tree.nodes.size(), 5u);
    EXPECT_EQ(model.card.seed, 42u);
    EXPECT_EQ(model.card.params.at("max_depth"), "2");
    // Written before models said how their axis-aligned splits compare: they compare in double.
    EXPECT_EQ(model.tree.axis_precision, AxisPrecision::Float64);
    EXPECT_EQ(model.card.scaling, "");  // written before the run card recorded the scaling: still loads
}

// The well-formed linear-leaf file the leaf_weights_* files are derived from loads.
TEST(ModelFileLoad, LinearLeavesBaseFileLoads) {
    const ModelFile model = load_model(model_data("linear_leaves_valid.json"));
    const auto slopes = [&](std::size_t id) {
        const Eigen::VectorXd& w = model.tree.nodes[id].leaf_weights;
        return std::vector<double>(w.begin(), w.end());
    };
    EXPECT_EQ(slopes(1), (std::vector<double>{2.0, -0.75}));
    EXPECT_EQ(slopes(2), (std::vector<double>{0.0, 4.25}));
}

// The run card's scaling, when present, must be a string; the refusal names the field.
TEST(ModelFileLoad, RunCardScalingOfTheWrongTypeIsRefused) {
    std::string text = read_text(model_data("valid.json"));
    const std::string anchor = "\"split_mode\": \"stratified\",";
    ASSERT_NE(text.find(anchor), std::string::npos);
    text.replace(text.find(anchor), anchor.size(), anchor + " \"scaling\": 3,");
    try {
        model_from_json(text, "card.json");
        ADD_FAILURE() << "a numeric run-card scaling was accepted";
    } catch (const ModelFileError& error) {
        EXPECT_NE(std::string(error.what()).find("field \"scaling\" must be a string"), std::string::npos) << error.what();
    }
}

// A missing file and a folder are refused with a plain sentence.
TEST(ModelFileLoad, MissingFileAndFolder) {
    const test::TempDir dir;
    expect_refused(dir.file("absent.json"), "no such file");
    expect_refused(dir.path(), "is a folder, not a model file");
}

// Files over the size limit are refused before they are read.
TEST(ModelFileLoad, FileSizeLimit) {
    ModelFileLimits limits;
    limits.max_file_bytes = 100;
    expect_refused(model_data("valid.json"), "bytes, more than the 100-byte limit for model files", limits);
}

// More nodes, features or classes than the limits allow are refused, naming the field.
TEST(ModelFileLoad, CountLimits) {
    ModelFileLimits nodes;
    nodes.max_nodes = 4;
    expect_refused(model_data("valid.json"), "field \"nodes\" has 5 entries, more than the limit of 4", nodes);
    ModelFileLimits features;
    features.max_features = 1;
    expect_refused(model_data("valid.json"), "field \"feature_names\" has 2 entries, more than the limit of 1", features);
    ModelFileLimits classes;
    classes.max_classes = 1;
    expect_refused(model_data("valid.json"), "field \"class_names\" has 2 entries, more than the limit of 1", classes);
}

// An array longer than every limit is refused while parsing, before the whole file is held in memory.
TEST(ModelFileLoad, OversizedArrayStopsTheParser) {
    const ModelFileLimits limits{1 << 20, 3, 3, 3, 3, 3};
    expect_refused(model_data("valid.json"), "has a JSON array with more than 3 entries", limits);
}

// Deeply nested JSON is refused instead of exhausting the stack or memory.
TEST(ModelFileLoad, DeepNesting) {
    const std::string text = std::string(10000, '[') + std::string(10000, ']');
    try {
        model_from_json(text, "deep.json");
        FAIL() << "expected a ModelFileError";
    } catch (const ModelFileError& error) {
        EXPECT_STREQ(error.what(), "deep.json: nests JSON deeper than 64 levels");
    }
}

// A well-formed JSON value that is not an object, and a file without a format tag, are not models.
TEST(ModelFileLoad, NotAModelObject) {
    EXPECT_THROW(model_from_json("[1, 2]", "array.json"), ModelFileError);
    EXPECT_THROW(model_from_json("{\"version\": 1}", "untagged.json"), ModelFileError);
}

// Every single-byte truncation of a valid file is refused with a ModelFileError, never a crash.
TEST(ModelFileLoad, EveryTruncationIsRefused) {
    const std::string text = read_text(model_data("valid.json"));
    for (std::size_t size = 0; size + 2 < text.size(); size += 7)
        EXPECT_THROW(model_from_json(text.substr(0, size), "cut.json"), ModelFileError) << size;
}

// Random byte edits of a valid file (fixed seed) either load or throw ModelFileError; nothing else escapes.
TEST(ModelFileLoad, RandomEditsNeverEscapeAsOtherErrors) {
    const std::string valid = read_text(model_data("valid.json"));
    const std::string alphabet = "{}[]\",:-+.0123456789eEnulltruefalse \\";
    std::mt19937 random(2024);
    for (int trial = 0; trial < 3000; ++trial) {
        std::string text = valid;
        const int edits = 1 + static_cast<int>(random() % 3);
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = random() % text.size();
            if (random() % 4 == 0)
                text.erase(at, 1);
            else
                text[at] = alphabet[random() % alphabet.size()];
        }
        try {
            model_from_json(text, "edited.json");
        } catch (const ModelFileError&) {
        } catch (const std::exception& other) {
            ADD_FAILURE() << "trial " << trial << ": " << other.what() << "\n" << text;
        }
    }
}

}  // namespace
}  // namespace treelab
