#pragma once
// treelab-cli subcommands. Each registers itself on the app; its callback runs the command and
// lets treelab::Error escape to main, which maps it to an exit code.
#include <CLI/CLI.hpp>

namespace treelab::cli {

void add_train_command(CLI::App& app);
void add_eval_command(CLI::App& app);
void add_importance_command(CLI::App& app);
void add_predict_command(CLI::App& app);
void add_export_command(CLI::App& app);
void add_project_command(CLI::App& app);  // project list, project export-model
void add_sweep_command(CLI::App& app);
void add_merge_sweep_command(CLI::App& app);  // sweep_command.cpp: the other half of sweep --shard
void add_compare_command(CLI::App& app);
void add_merge_compare_command(CLI::App& app);  // compare_command.cpp: the other half of compare --shard
void add_params_command(CLI::App& app);
void add_rules_command(CLI::App& app);
void add_routing_command(CLI::App& app);
void add_draw_command(CLI::App& app);  // only when built with Qt Gui + Svg (TREELAB_DRAW)
void add_plot_command(CLI::App& app);  // the same
void add_completion_command(CLI::App& app);  // hidden: the bash completion script, from the commands above

}  // namespace treelab::cli
