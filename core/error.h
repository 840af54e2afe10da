#pragma once
// Every exception core throws derives from treelab::Error and carries a sentence a user can act on.
// The CLI maps the kinds to exit codes (DataError / ModelFileError / ProjectFileError: 3, TrainingError: 4,
// ParamError: 2); the GUI shows what() in a dialog.
#include <cstddef>
#include <stdexcept>
#include <string>

namespace treelab {

class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Bad input data. Positions are 1-based; 0 means "not applicable" (e.g. an empty file has no line).
class DataError : public Error {
public:
    DataError(std::string file, std::size_t line, std::size_t column, const std::string& message);
    const std::string& file() const { return file_; }
    std::size_t line() const { return line_; }
    std::size_t column() const { return column_; }

private:
    std::string file_;
    std::size_t line_;
    std::size_t column_;
};

// A model file that is corrupt, from a newer TreeLab, or hostile.
class ModelFileError : public Error {
public:
    ModelFileError(const std::string& file, const std::string& message);
};

// A project file (.treelab) that is corrupt, from a newer TreeLab, hostile, or not a project.
class ProjectFileError : public Error {
public:
    ProjectFileError(const std::string& file, const std::string& message);
};

// A hyperparameter value outside its description (param_spec.h).
class ParamError : public Error {
public:
    using Error::Error;
};

// Work the user stopped through a progress callback (reading a file); not a failure to report.
class Cancelled : public Error {
public:
    using Error::Error;
};

// A run that cannot go on (diverged, no usable rows, ...).
class TrainingError : public Error {
public:
    using Error::Error;
};

}  // namespace treelab
