#include "core/error.h"

namespace treelab {
namespace {

std::string located(const std::string& file, std::size_t line, std::size_t column, const std::string& message) {
    std::string where = file;
    if (line > 0) where.append(":").append(std::to_string(line));
    if (line > 0 && column > 0) where.append(":").append(std::to_string(column));
    if (where.empty()) return message;
    return where.append(": ").append(message);
}

}  // namespace

DataError::DataError(std::string file, std::size_t line, std::size_t column, const std::string& message)
    : Error(located(file, line, column, message)), file_(std::move(file)), line_(line), column_(column) {}

ModelFileError::ModelFileError(const std::string& file, const std::string& message)
    : Error(file + ": " + message) {}

ProjectFileError::ProjectFileError(const std::string& file, const std::string& message)
    : Error(file + ": " + message) {}

}  // namespace treelab
