#pragma once
// Builds the canvas's TreePicture and its level index, on a worker thread when it is big (the
// whole of a 173,435-leaf CART takes 0.3 s) while the old picture stays on screen.
// Only the latest request's picture is delivered; one that a newer request overtook is dropped.
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/render/tree_picture.h"
#include "app/render/tree_region.h"
#include "app/session/worker_thread.h"

class QObject;

namespace treelab {

// What a picture is made of, copied or shared so that a worker thread can build it.
struct PictureInputs {
    std::shared_ptr<const TreeModel> tree;
    std::vector<std::string> features, classes;
    std::shared_ptr<const RoutingAnalysis> routing;
    PictureOptions options;
    std::string subtitle;
};

struct BuiltPicture {
    TreePicture picture;
    LevelIndex index;  // of picture.layout
};

class TreePictureBuilder {
public:
    // Pictures of more boxes than this are built on the worker thread (about 50 ms of the GUI thread).
    static constexpr std::size_t backgroundBoxes = 50000;
    using Deliver = std::function<void(BuiltPicture)>;

    // `deliver` runs on `owner`'s thread.
    TreePictureBuilder(QObject* owner, Deliver deliver);

    // Delivers the picture of `in` at once when it is small, else when built in the background.
    void request(PictureInputs in);
    bool busy() const;  // a background picture is still to come

private:
    void start(PictureInputs in);
    void arrived(const std::shared_ptr<BuiltPicture>& built, int generation);

    QObject* owner_;
    Deliver deliver_;
    int in_flight_ = 0;                     // builds started whose picture has not arrived yet
    std::optional<PictureInputs> pending_;  // the next one to build, once the worker is free
    int generation_ = 0;                    // of the latest request
    WorkerThread worker_;                   // last: waits for its job before the rest goes
};

}  // namespace treelab
