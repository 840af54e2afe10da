#include "ui/tree/tree_picture_builder.h"

#include <exception>

#include <QObject>

namespace treelab {
namespace {

std::shared_ptr<BuiltPicture> build(const PictureInputs& in) {
    auto built = std::make_shared<BuiltPicture>();
    built->picture = make_tree_picture(*in.tree, in.features, in.classes, in.routing.get(), in.options);
    built->picture.subtitle = in.subtitle;
    built->index = LevelIndex(built->picture.layout);
    return built;
}

}  // namespace

TreePictureBuilder::TreePictureBuilder(QObject* owner, Deliver deliver) : owner_(owner), deliver_(std::move(deliver)) {}

void TreePictureBuilder::request(PictureInputs in) {
    ++generation_;
    if (visible_node_count(*in.tree, layout_options(in.options)) < backgroundBoxes) {
        deliver_(std::move(*build(in)));
        return;
    }
    if (worker_.isRunning()) pending_ = std::move(in);
    else start(std::move(in));
}

bool TreePictureBuilder::busy() const { return in_flight_ > 0 || pending_; }

void TreePictureBuilder::start(PictureInputs in) {
    const int generation = generation_;
    ++in_flight_;
    worker_.start(owner_, [this, in = std::move(in), generation]() -> std::function<void()> {
        std::shared_ptr<BuiltPicture> built;
        try {
            built = build(in);
        } catch (const std::exception&) {  // out of memory: the old picture stays
        }
        return [this, built, generation] {
            QMetaObject::invokeMethod(owner_, [this, built, generation] { arrived(built, generation); }, Qt::QueuedConnection);
        };
    });
}

void TreePictureBuilder::arrived(const std::shared_ptr<BuiltPicture>& built, int generation) {
    --in_flight_;
    if (pending_) {
        start(std::move(*pending_));
        pending_.reset();
        return;
    }
    if (built && generation == generation_) deliver_(std::move(*built));
}

}  // namespace treelab
