// treelab-cli: training, evaluation, sweeps and exports without a display.
// Exit codes: 0 ok, 2 usage (bad flag or hyperparameter), 3 bad data, model or output file,
// 4 training failed, 1 unexpected internal error; 130 (SIGINT) or 143 (SIGTERM) interrupted after
// writing what the run had finished (app/cli/interrupt_signal.h).
#include <iostream>

#include <CLI/CLI.hpp>

#include "app/cli/commands.h"
#include "app/cli/interrupt_signal.h"
#include "core/error.h"

namespace {

enum ExitCode { kOk = 0, kInternal = 1, kUsage = 2, kBadFile = 3, kTrainingFailed = 4 };

int fail(int code, const std::string& message) {
    std::cerr << "treelab-cli: error: " << message << '\n';
    return code;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"TreeLab: decision trees learned by gradient descent, and CART, from the command line"};
    app.require_subcommand(1);
    app.set_version_flag("--version", TREELAB_VERSION);
    treelab::cli::add_train_command(app);
    treelab::cli::add_eval_command(app);
    treelab::cli::add_importance_command(app);
    treelab::cli::add_predict_command(app);
    treelab::cli::add_export_command(app);
    treelab::cli::add_sweep_command(app);
    treelab::cli::add_merge_sweep_command(app);
    treelab::cli::add_compare_command(app);
    treelab::cli::add_merge_compare_command(app);
    treelab::cli::add_params_command(app);
    treelab::cli::add_rules_command(app);
    treelab::cli::add_routing_command(app);
    treelab::cli::add_project_command(app);
#ifdef TREELAB_DRAW
    treelab::cli::add_draw_command(app);  // these two need Qt Gui (see app/CMakeLists.txt)
    treelab::cli::add_plot_command(app);
#endif
    treelab::cli::add_completion_command(app);  // hidden; describes every command registered above
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        return app.exit(error) == 0 ? kOk : kUsage;
    } catch (const treelab::cli::Interrupted& interrupted) {
        std::cerr << "treelab-cli: " << interrupted.what() << '\n';
        return interrupted.exit_code();
    } catch (const treelab::ParamError& error) {
        return fail(kUsage, error.what());
    } catch (const treelab::DataError& error) {
        return fail(kBadFile, error.what());
    } catch (const treelab::ModelFileError& error) {
        return fail(kBadFile, error.what());
    } catch (const treelab::TrainingError& error) {
        return fail(kTrainingFailed, std::string("training failed: ") + error.what());
    } catch (const treelab::Error& error) {
        return fail(kBadFile, error.what());
    } catch (const std::exception& error) {
        return fail(kInternal, std::string("internal error: ") + error.what());
    }
    return kOk;
}
