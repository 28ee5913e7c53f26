# beside: train.py
# figure: confusion.png
# figure: mistakes.png
"""What the trained model gets wrong: a confusion matrix of the test set, and the misclassified images."""

import torch
from matplotlib.figure import Figure
from train import load_data, main, make_model  # train.py, saved in the same folder as this file

main()  # train.py's whole run again, its lines first: best.pt now holds the best epoch's weights
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
_, test_loader = load_data()
model = make_model().to(device)
model.load_state_dict(torch.load("best.pt", map_location=device))
images, labels = test_loader.dataset.tensors  # all 360 test images and their labels
model.eval()
with torch.no_grad():
    probabilities = model(images.to(device)).softmax(dim=1).cpu()
confidence, predicted = probabilities.max(dim=1)  # the top probability and the digit it belongs to
print(f"test accuracy {(predicted == labels).float().mean().item():.2%}")

# confusion[t, p] counts the test images of digit t that the model called p; the diagonal is right.
confusion = torch.zeros(10, 10, dtype=torch.int64)
for i in range(len(labels)):
    confusion[labels[i], predicted[i]] += 1
print("true \\ predicted  " + " ".join(f"{p:3d}" for p in range(10)))
for t in range(10):
    print(f"{t:16d}  " + " ".join(f"{n:3d}" for n in confusion[t].tolist()))

wrong = (predicted != labels).nonzero().flatten().tolist()  # test indices of the mistakes
print(f"mistakes: {len(wrong)}")
for i in wrong:
    print(f"  test image {i:3d}: true {labels[i]}, predicted {predicted[i]}", end=" ")
    print(f"with probability {confidence[i]:.2f}")

confusion_fig = Figure(figsize=(4.8, 4.2), layout="constrained")
ax = confusion_fig.subplots()
ax.imshow(confusion.numpy(), cmap="Blues")
for t in range(10):
    for p in range(10):
        if confusion[t, p] > 0:  # zeros stay blank, so the few mistakes stand out
            color = "white" if t == p else "black"  # light text on the dark diagonal
            ax.text(p, t, confusion[t, p].item(), ha="center", va="center", color=color)
ax.set(xlabel="predicted digit", ylabel="true digit", xticks=range(10), yticks=range(10))
confusion_fig.savefig("confusion.png", dpi=100, metadata={"Software": None})

mistakes_fig = Figure(figsize=(1.6 * len(wrong), 2.0))
mistakes_fig.subplots_adjust(left=0.02, right=0.98, bottom=0.02, top=0.75)  # room for two-line titles
axes = mistakes_fig.subplots(1, len(wrong))
for k, i in enumerate(wrong):
    ax = axes[k]
    ax.imshow(images[i, 0].numpy(), cmap="gray_r", vmin=0, vmax=1)  # dark ink on white, as on the paper form
    ax.set_title(f"true {labels[i]}\npredicted {predicted[i]}", fontsize=10)
    ax.set_axis_off()
mistakes_fig.savefig("mistakes.png", dpi=100, metadata={"Software": None})
