#include "core/run/memory_budget.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/error.h"

namespace treelab {
namespace {

// A size as a user writes it: "2000000000", "512M", "8G", "1.5GB", "800MiB" (K, M, G, T in 1024s).
double parse_size(const std::string& text) {
    std::size_t end = 0;
    double value = -1.0;
    try {
        value = std::stod(text, &end);
    } catch (const std::exception&) {
        end = 0;
    }
    std::string unit = text.substr(end);
    unit.erase(std::remove(unit.begin(), unit.end(), ' '), unit.end());
    std::transform(unit.begin(), unit.end(), unit.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    for (const char* suffix : {"IB", "B"})
        if (unit.size() > 1 && unit.ends_with(suffix)) {
            unit.resize(unit.size() - std::string(suffix).size());
            break;
        }
    double scale = 0.0;
    if (unit.empty() || unit == "B") scale = 1.0;
    else if (unit == "K") scale = 1024.0;
    else if (unit == "M") scale = 1024.0 * 1024.0;
    else if (unit == "G") scale = 1024.0 * 1024.0 * 1024.0;
    else if (unit == "T") scale = 1024.0 * 1024.0 * 1024.0 * 1024.0;
    if (end == 0 || scale == 0.0 || !std::isfinite(value) || value <= 0.0)
        throw ParamError("TREELAB_MEMORY_LIMIT must be a size such as 8G, 512M or a number of bytes, not '" + text + "'");
    return value * scale;
}

// MemAvailable of /proc/meminfo in bytes; empty where the file or the line is missing.
std::optional<double> mem_available() {
    std::ifstream meminfo("/proc/meminfo");
    for (std::string line; std::getline(meminfo, line);) {
        if (!line.starts_with("MemAvailable:")) continue;
        std::istringstream fields(line.substr(13));
        double kilobytes = 0.0;
        if (fields >> kilobytes) return kilobytes * 1024.0;
    }
    return std::nullopt;
}

// The cgroup (v2) room: memory.max − memory.current; empty when unlimited or absent.
std::optional<double> cgroup_room() {
    std::ifstream max_file("/sys/fs/cgroup/memory.max"), current_file("/sys/fs/cgroup/memory.current");
    std::string max_text;
    double current = 0.0;
    if (!(max_file >> max_text) || max_text == "max") return std::nullopt;
    if (!(current_file >> current)) current = 0.0;
    try {
        return std::max(0.0, std::stod(max_text) - current);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

}  // namespace

std::optional<MachineMemory> machine_memory() {
    if (const char* limit = std::getenv("TREELAB_MEMORY_LIMIT"); limit && *limit)
        return MachineMemory{parse_size(limit), "TREELAB_MEMORY_LIMIT"};
    std::optional<MachineMemory> memory;
    if (const auto available = mem_available()) memory = MachineMemory{*available, "available"};
    if (const auto room = cgroup_room(); room && (!memory || *room < memory->bytes)) memory = MachineMemory{*room, "the cgroup limit"};
    return memory;
}

std::string memory_text(double bytes) {
    std::ostringstream text;
    text.setf(std::ios::fixed);
    const double mb = bytes / (1024.0 * 1024.0);
    if (mb >= 1024.0) text.precision(1), text << mb / 1024.0 << " GB";
    else text.precision(0), text << std::max(1.0, std::ceil(mb)) << " MB";
    return text.str();
}

DataShape data_shape(const TrainInput& input) {
    DataShape shape;
    shape.rows = input.train.rows();
    shape.valid_rows = input.valid ? input.valid->rows() : 0;
    shape.features = input.train.X.cols();
    shape.outputs = input.train.task == Task::Classification ? std::max(1, input.train.classes()) : 1;
    return shape;
}

MemoryEstimate memory_estimate(const LearnerInfo& learner, const DataShape& shape, const ParamValues& params) {
    MemoryEstimate estimate = learner.memory_estimate ? learner.memory_estimate(shape, params) : MemoryEstimate{0.0, learner.label, ""};
    // Every run then scores its tree (score_model): class probabilities or values of the training,
    // validation and test rows (about as many test rows as validation ones, or a quarter of the
    // training rows), side by side.
    const double scored = static_cast<double>(shape.rows + shape.valid_rows) * 1.25;
    estimate.bytes += 3.0 * matrix_bytes(scored, static_cast<double>(shape.outputs) + 1.0);
    return estimate;
}

void check_memory(const MemoryEstimate& estimate, int cells) {
    const std::optional<MachineMemory> machine = machine_memory();
    const double needed = estimate.bytes * std::max(cells, 1);
    if (!machine || needed <= machine->bytes) return;
    const std::string has = machine->source == "available" ? "this machine has " + memory_text(machine->bytes) + " available"
                            : machine->source == "the cgroup limit"
                                ? "this process's cgroup leaves " + memory_text(machine->bytes)
                                : "TREELAB_MEMORY_LIMIT allows " + memory_text(machine->bytes);
    const std::string cells_text = cells > 1 ? " (" + std::to_string(cells) + " fits at once)" : "";
    throw ParamError(estimate.setting + " needs about " + memory_text(needed) + cells_text + "; " + has + ". " + estimate.remedy);
}

int jobs_within_memory(const MemoryEstimate& per_cell, int jobs) {
    const int wanted = jobs > 0 ? jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const std::optional<MachineMemory> machine = machine_memory();
    if (!machine || per_cell.bytes <= 0.0) return jobs;
    const int fitting = static_cast<int>(std::clamp(std::floor(machine->bytes / per_cell.bytes), 1.0, static_cast<double>(wanted)));
    return fitting < wanted ? fitting : jobs;
}

}  // namespace treelab
