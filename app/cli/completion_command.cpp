// `treelab-cli completion bash`: a bash completion script written from the command line's own
// description (its subcommands and their options as registered with CLI11), so it cannot drift from
// the program. Hidden from --help; the build installs its output (resources/package/CMakeLists.txt).
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/commands.h"
#include "core/learners/learner.h"

namespace treelab::cli {
namespace {

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
    return text;
}

std::vector<std::string> flag_names(const CLI::Option& option) {
    std::vector<std::string> names;
    for (const std::string& name : option.get_snames()) names.push_back("-" + name);
    for (const std::string& name : option.get_lnames()) names.push_back("--" + name);
    return names;
}

bool takes_value(const CLI::Option& option) { return option.get_type_size_max() > 0 && option.get_items_expected_max() > 0; }

// The case branch of one subcommand: its flags, the flags followed by a value, and whether a bare
// word is a method name (the positional argument of `params`) rather than a file.
std::string subcommand_case(const CLI::App& command, const std::string& key) {
    std::vector<std::string> flags, valued;
    bool method_positional = false;
    for (const CLI::Option* option : command.get_options()) {
        if (option->get_positional() && !option->nonpositional()) {
            method_positional = method_positional || option->get_name() == "method";
            continue;
        }
        const std::vector<std::string> names = flag_names(*option);
        flags.insert(flags.end(), names.begin(), names.end());
        if (takes_value(*option)) valued.insert(valued.end(), names.begin(), names.end());
    }
    std::ostringstream branch;
    branch << "        \"" << key << "\") flags=\"" << joined(flags) << "\"; valued=\" " << joined(valued)
           << " \"; bare=" << (method_positional ? "methods" : "files") << " ;;\n";
    return branch.str();
}

std::vector<const CLI::App*> listed_subcommands(const CLI::App& app) {
    return app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });
}

std::string bash_script(const CLI::App& app) {
    std::vector<std::string> commands, nesting;
    std::string branches;
    for (const CLI::App* command : listed_subcommands(app)) {
        commands.push_back(command->get_name());
        const std::vector<const CLI::App*> nested = listed_subcommands(*command);
        if (nested.empty()) {
            branches += subcommand_case(*command, command->get_name());
            continue;
        }
        // `project list`: the command's own subcommands first, then the chosen one's flags.
        nesting.push_back(command->get_name());
        std::vector<std::string> names;
        for (const CLI::App* sub : nested) {
            names.push_back(sub->get_name());
            branches += subcommand_case(*sub, command->get_name() + " " + sub->get_name());
        }
        branches += "        \"" + command->get_name() + "\") COMPREPLY=($(compgen -W \"" + joined(names) + "\" -- \"$cur\")); return ;;\n";
    }
    std::vector<std::string> top_flags, methods;
    for (const CLI::Option* option : app.get_options()) {
        const std::vector<std::string> names = flag_names(*option);
        top_flags.insert(top_flags.end(), names.begin(), names.end());
    }
    for (const LearnerInfo& learner : learners()) methods.push_back(learner.name);

    std::ostringstream script;
    script << "# bash completion for treelab-cli, written by `treelab-cli completion bash` from the program's own\n"
              "# subcommands and options: regenerate it rather than edit it.\n"
              "_treelab_cli() {\n"
              "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command=\"\" nesting=\" "
           << joined(nesting)
           << " \" i\n"
              "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
              "        case ${COMP_WORDS[i]} in\n"
              "            -*) ;;\n"
              "            *) if [[ -n $command ]]; then command+=\" ${COMP_WORDS[i]}\"; break; fi\n"
              "               command=${COMP_WORDS[i]}\n"
              "               [[ $nesting == *\" $command \"* ]] || break ;;\n"
              "        esac\n"
              "    done\n"
              "    local methods=\""
           << joined(methods)
           << "\" flags valued bare\n"
              "    case \"$command\" in\n"
              "        \"\") flags=\""
           << joined(top_flags) << "\"\n"
              "            if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"$flags\" -- \"$cur\"))\n"
              "            else COMPREPLY=($(compgen -W \""
           << joined(commands) << "\" -- \"$cur\")); fi\n"
              "            return ;;\n"
           << branches
           << "        *) return ;;\n"
              "    esac\n"
              "    if [[ $valued == *\" $prev \"* ]]; then\n"
              "        if [[ $prev == --method ]]; then COMPREPLY=($(compgen -W \"$methods\" -- \"$cur\")); return; fi\n"
              "        compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\"); return\n"
              "    fi\n"
              "    if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"$flags\" -- \"$cur\")); return; fi\n"
              "    if [[ $bare == methods ]]; then COMPREPLY=($(compgen -W \"$methods\" -- \"$cur\")); return; fi\n"
              "    compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
              "}\n"
              "complete -F _treelab_cli treelab-cli\n";
    return script.str();
}

}  // namespace

void add_completion_command(CLI::App& app) {
    CLI::App* command = app.add_subcommand("completion", "print a completion script for treelab-cli: bash");
    command->group("");  // hidden from --help: the package installs the script
    // Bound to no variable: bash is the only shell it accepts, so the callback needs not read it.
    command->add_option("shell", "shell: bash")->required()->check(CLI::IsMember({"bash"}));
    command->callback([&app] { std::cout << bash_script(app); });
}

}  // namespace treelab::cli
