// `draw`: pictures of saved models routing the rows of a CSV file, as SVG, PNG or PDF, with no
// display (Qt's offscreen platform). One model: its tree. Several: side by side, aligned node
// for node, each titled with its metric and EN (000 Fig. 3). --by-class: one small tree per
// class, shares normalised per depth level (000 Fig. 4). A huge tree is cut at a depth that keeps
// the picture readable unless --max-depth all asks for every node.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "app/cli/commands.h"
#include "app/cli/csv_format_options.h"
#include "app/cli/thread_option.h"
#include "app/cli/model_input.h"
#include "app/cli/offscreen_application.h"
#include "app/render/figure_file.h"
#include "app/render/figure_sheet.h"
#include "app/render/model_figures.h"
#include "app/render/tree_picture.h"
#include "core/error.h"
#include "core/layout/fitting_depth.h"

namespace treelab::cli {
namespace {

struct DrawOptions {
    std::vector<std::string> models, classes, titles;
    std::string data, out, routing = "level", fill = "share", colormap, detail = "auto", size;
    std::string max_depth = "auto";
    bool by_class = false, no_ghosts = false;
    int columns = 0;
    int threads = 0;  // --threads; 0 = every core
    double dpi = kDefaultPngDpi;
    CsvFormatOptions format;
};

// A full CART on a million rows has 173,435 leaves, a 100 MB SVG nobody can read. Unless
// asked for all, a tree is drawn down to the deepest depth with at most this many nodes (an SVG
// of a few MB at full detail); the folded nodes say how many leaves they hide.

// --max-depth: "auto" (-2 here: the budget decides), "all" (-1) or a depth.
constexpr int kAutoDepth = -2;
int parse_max_depth(const std::string& text) {
    if (text == "auto") return kAutoDepth;
    if (text == "all") return -1;
    std::smatch match;
    if (!std::regex_match(text, match, std::regex(R"(\d{1,6})")))
        throw ParamError("--max-depth must be auto, all or a depth (0 = the root alone), not '" + text + "'");
    return std::stoi(text);
}

QSize parse_size(const std::string& text) {
    std::smatch match;
    if (!std::regex_match(text, match, std::regex(R"((\d{1,5})x(\d{1,5}))")) || std::stoi(match[1]) == 0 ||
        std::stoi(match[2]) == 0)
        throw ParamError("--size must be WIDTHxHEIGHT in pixels, e.g. 1600x900, not '" + text + "'");
    return {std::stoi(match[1]), std::stoi(match[2])};
}

std::string file_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

// The indices of the classes named in --classes, or every class that has rows in the file.
std::vector<int> chosen_classes(const DrawOptions& options, const ModelFile& model, const Dataset& labelled) {
    const auto& names = model.target.class_names;
    if (options.classes.empty()) return classes_with_rows(labelled);
    std::vector<int> chosen;
    for (const std::string& name : options.classes) {
        const auto it = std::find(names.begin(), names.end(), name);
        if (it == names.end()) {
            std::string known;
            for (const std::string& n : names) known += (known.empty() ? "" : ", ") + n;
            throw ParamError("--classes: the model has no class '" + name + "'; its classes are " + known);
        }
        chosen.push_back(static_cast<int>(it - names.begin()));
    }
    return chosen;
}

PictureOptions picture_options(const DrawOptions& options) {
    PictureOptions picture;
    picture.scale = options.routing == "dataset" ? ShareScale::OfData : ShareScale::PerLevel;
    picture.fill = options.fill == "class" ? NodeFill::MajorityClass : NodeFill::RoutingShare;
    // 000 draws Fig. 3 in Reds and Fig. 4 in PuBu.
    picture.colormap = colormap_from_string(!options.colormap.empty() ? options.colormap : options.by_class ? "pubu" : "reds");
    const bool several = options.by_class || options.models.size() > 1;
    picture.detail = options.detail == "full" || (options.detail == "auto" && !several) ? NodeDetail::Full : NodeDetail::Compact;
    picture.max_depth = std::max(parse_max_depth(options.max_depth), -1);
    picture.keep_ghosts = !options.no_ghosts;
    return picture;
}

// With --max-depth auto, `picture` with the depth limit that keeps `tree` within the node
// budget, and a note on stderr when that cuts the tree.
PictureOptions fitted(const DrawOptions& options, PictureOptions picture, const TreeModel& tree, const std::string& file) {
    if (parse_max_depth(options.max_depth) != kAutoDepth) return picture;
    const LayoutOptions layout = layout_options(picture);
    picture.max_depth = figure_depth(tree, layout);
    if (picture.max_depth < 0) return picture;
    const TreeLayout drawn = layout_tree(tree, layout_options(picture));
    const auto folded = std::count_if(drawn.boxes.begin(), drawn.boxes.end(), [](const NodeBox& box) { return box.folded; });
    std::cerr << "note: " << file_name(file) << ": drawn down to depth " << picture.max_depth << " of " << tree_height(tree) << " ("
              << drawn.boxes.size() << " of " << tree.nodes.size() << " nodes; " << folded
              << " folded nodes show how many leaves they hide); --max-depth all draws every node\n";
    return picture;
}

FigureSheet class_sheet(const DrawOptions& options, const PictureOptions& picture) {
    if (options.models.size() != 1) throw ParamError("--by-class draws one model; " + std::to_string(options.models.size()) + " were given");
    const ModelInput input = load_model_input(options.models[0], options.data, options.format.to_csv_options());
    const std::optional<Dataset> labelled = class_labels(input);
    if (!labelled) {
        if (input.model.target.task != Task::Classification)
            throw ParamError("--by-class needs a model with classes; this one predicts the number '" + input.model.target.column + "'");
        throw DataError(options.data, 0, 0, "--by-class needs the class column '" + input.model.target.column + "', which this file lacks");
    }
    FigureSheet sheet;
    sheet.panels = class_path_panels(input.model, *labelled, chosen_classes(options, input.model, *labelled),
                                     fitted(options, picture, input.model.tree, options.models[0]));
    sheet.columns = options.columns > 0 ? options.columns : std::min<int>(static_cast<int>(sheet.panels.size()), 4);
    sheet.caption = "Routing of each class's rows of " + file_name(options.data) + ", normalised per depth level (000 Fig. 4).\n" +
                    run_card_line(file_name(options.models[0]), input.model.card);
    return sheet;
}

FigureSheet model_sheet(const DrawOptions& options, const PictureOptions& picture) {
    FigureSheet sheet;
    sheet.caption = "Rows of " + file_name(options.data) + (picture.scale == ShareScale::PerLevel ? ", percent per depth level" : ", percent of all rows") +
                    (options.models.size() > 1 ? " (000 Fig. 3)." : ".");
    for (const std::string& file : options.models) {
        const ModelInput input = load_model_input(file, options.data, options.format.to_csv_options());
        const std::optional<Dataset> labelled = labelled_rows_if_present(input);
        sheet.panels.push_back(comparison_panel(input.model, input.X, labelled ? &*labelled : nullptr,
                                                fitted(options, picture, input.model.tree, file)));
        sheet.caption += "\n" + run_card_line(file_name(file), input.model.card);
    }
    sheet.columns = options.columns;
    return sheet;
}

}  // namespace

void add_draw_command(CLI::App& app) {
    auto options = std::make_shared<DrawOptions>();
    CLI::App* command = app.add_subcommand(
        "draw", "draw saved models routing a CSV file's rows as SVG, PNG or PDF (several models side by side, or one tree per class)");
    command->add_option("--model", options->models, "model file (JSON); repeat to compare trees side by side")->required();
    command->add_option("--data", options->data, "CSV file whose rows are routed (with the target column for metrics and classes)")
        ->required();
    options->format.bind(*command);
    command->add_flag("--by-class", options->by_class, "one small tree per class, shares normalised per depth level (000 Fig. 4)");
    command->add_option("--classes", options->classes, "with --by-class: the classes to draw, comma-separated")->delimiter(',');
    command->add_option("--max-depth", options->max_depth,
                        "draw the nodes down to this depth; auto: the deepest with at most " + std::to_string(kFigureNodeBudget) +
                            " nodes (folded nodes say how many leaves they hide); all: every node")
        ->capture_default_str();
    command->add_option("--routing", options->routing, "share shown per node: per depth level (000) or of the data set")
        ->check(CLI::IsMember({"level", "dataset"}))
        ->capture_default_str();
    command->add_option("--fill", options->fill, "node colour: routing share or majority class (alpha = purity)")
        ->check(CLI::IsMember({"share", "class"}))
        ->capture_default_str();
    command->add_option("--colormap", options->colormap, "sequential map of the share: reds (default) or pubu (default with --by-class)")
        ->check(CLI::IsMember({"reds", "pubu"}));
    command->add_option("--detail", options->detail, "full: rule, share, class bar; compact: share only; auto: full for one tree")
        ->check(CLI::IsMember({"auto", "full", "compact"}))
        ->capture_default_str();
    command->add_flag("--no-ghosts", options->no_ghosts, "leave pruned and empty nodes out instead of drawing them dashed");
    command->add_option("--columns", options->columns, "trees per row (default: all in one row; 4 with --by-class)")
        ->check(CLI::PositiveNumber);
    command->add_option("--titles", options->titles, "titles of the trees in order, comma-separated (default: method and λ/α, or class)")
        ->delimiter(',');
    command->add_option("--size", options->size, "picture size WIDTHxHEIGHT in points; default: natural size");
    command->add_option("--dpi", options->dpi, "resolution of a PNG (its size is the picture's size in points × DPI / 72)")
        ->capture_default_str()
        ->check(CLI::Range(10.0, 2400.0));
    command->add_option("--out", options->out, "output file, .svg, .png or .pdf")
        ->required()
        ->check([](const std::string& file) {
            return is_figure_file(QString::fromStdString(file)) ? std::string() : "the output must end in .svg, .png or .pdf: " + file;
        });
    add_threads_option(*command, options->threads, "reading the data and routing the rows");
    command->callback([options] {
        const ThreadLimit limit(options->threads);
        const QSize size = options->size.empty() ? QSize() : parse_size(options->size);
        parse_max_depth(options->max_depth);  // refused before any model is read
        if (!options->classes.empty() && !options->by_class) throw ParamError("--classes needs --by-class");
        const auto application = offscreen_application();
        const PictureOptions picture = picture_options(*options);
        FigureSheet sheet = options->by_class ? class_sheet(*options, picture) : model_sheet(*options, picture);
        if (!options->titles.empty()) {
            if (options->titles.size() != sheet.panels.size())
                throw ParamError("--titles gives " + std::to_string(options->titles.size()) + " titles for " +
                                 std::to_string(sheet.panels.size()) + " trees");
            for (std::size_t i = 0; i < sheet.panels.size(); ++i) sheet.panels[i].title = options->titles[i];
        }
        save_figure(sheet, QString::fromStdString(options->out), size, options->dpi);
        std::cout << "wrote " << sheet.panels.size() << (sheet.panels.size() == 1 ? " tree" : " trees") << " to " << options->out << '\n';
    });
}

}  // namespace treelab::cli
