"""Lab 03's port, followed by 3000 modules that add a number: the audit walked the whole file once for each class
without an __init__, in the judge (500 such classes took 8.9 s, 2000 took 106 s; 8000 without a method 188 s: red
team, session 78)."""
import torch


class P0(torch.nn.Module):
    def forward(self, x):
        return x + 0


class P1(torch.nn.Module):
    def forward(self, x):
        return x + 1


class P2(torch.nn.Module):
    def forward(self, x):
        return x + 2


class P3(torch.nn.Module):
    def forward(self, x):
        return x + 3


class P4(torch.nn.Module):
    def forward(self, x):
        return x + 4


class P5(torch.nn.Module):
    def forward(self, x):
        return x + 5


class P6(torch.nn.Module):
    def forward(self, x):
        return x + 6


class P7(torch.nn.Module):
    def forward(self, x):
        return x + 7


class P8(torch.nn.Module):
    def forward(self, x):
        return x + 8


class P9(torch.nn.Module):
    def forward(self, x):
        return x + 9


class P10(torch.nn.Module):
    def forward(self, x):
        return x + 10


class P11(torch.nn.Module):
    def forward(self, x):
        return x + 11


class P12(torch.nn.Module):
    def forward(self, x):
        return x + 12


class P13(torch.nn.Module):
    def forward(self, x):
        return x + 13


class P14(torch.nn.Module):
    def forward(self, x):
        return x + 14


class P15(torch.nn.Module):
    def forward(self, x):
        return x + 15


class P16(torch.nn.Module):
    def forward(self, x):
        return x + 16


class P17(torch.nn.Module):
    def forward(self, x):
        return x + 17


class P18(torch.nn.Module):
    def forward(self, x):
        return x + 18


class P19(torch.nn.Module):
    def forward(self, x):
        return x + 19


class P20(torch.nn.Module):
    def forward(self, x):
        return x + 20


class P21(torch.nn.Module):
    def forward(self, x):
        return x + 21


class P22(torch.nn.Module):
    def forward(self, x):
        return x + 22


class P23(torch.nn.Module):
    def forward(self, x):
        return x + 23


class P24(torch.nn.Module):
    def forward(self, x):
        return x + 24


class P25(torch.nn.Module):
    def forward(self, x):
        return x + 25


class P26(torch.nn.Module):
    def forward(self, x):
        return x + 26


class P27(torch.nn.Module):
    def forward(self, x):
        return x + 27


class P28(torch.nn.Module):
    def forward(self, x):
        return x + 28


class P29(torch.nn.Module):
    def forward(self, x):
        return x + 29


class P30(torch.nn.Module):
    def forward(self, x):
        return x + 30


class P31(torch.nn.Module):
    def forward(self, x):
        return x + 31


class P32(torch.nn.Module):
    def forward(self, x):
        return x + 32


class P33(torch.nn.Module):
    def forward(self, x):
        return x + 33


class P34(torch.nn.Module):
    def forward(self, x):
        return x + 34


class P35(torch.nn.Module):
    def forward(self, x):
        return x + 35


class P36(torch.nn.Module):
    def forward(self, x):
        return x + 36


class P37(torch.nn.Module):
    def forward(self, x):
        return x + 37


class P38(torch.nn.Module):
    def forward(self, x):
        return x + 38


class P39(torch.nn.Module):
    def forward(self, x):
        return x + 39


class P40(torch.nn.Module):
    def forward(self, x):
        return x + 40


class P41(torch.nn.Module):
    def forward(self, x):
        return x + 41


class P42(torch.nn.Module):
    def forward(self, x):
        return x + 42


class P43(torch.nn.Module):
    def forward(self, x):
        return x + 43


class P44(torch.nn.Module):
    def forward(self, x):
        return x + 44


class P45(torch.nn.Module):
    def forward(self, x):
        return x + 45


class P46(torch.nn.Module):
    def forward(self, x):
        return x + 46


class P47(torch.nn.Module):
    def forward(self, x):
        return x + 47


class P48(torch.nn.Module):
    def forward(self, x):
        return x + 48


class P49(torch.nn.Module):
    def forward(self, x):
        return x + 49


class P50(torch.nn.Module):
    def forward(self, x):
        return x + 50


class P51(torch.nn.Module):
    def forward(self, x):
        return x + 51


class P52(torch.nn.Module):
    def forward(self, x):
        return x + 52


class P53(torch.nn.Module):
    def forward(self, x):
        return x + 53


class P54(torch.nn.Module):
    def forward(self, x):
        return x + 54


class P55(torch.nn.Module):
    def forward(self, x):
        return x + 55


class P56(torch.nn.Module):
    def forward(self, x):
        return x + 56


class P57(torch.nn.Module):
    def forward(self, x):
        return x + 57


class P58(torch.nn.Module):
    def forward(self, x):
        return x + 58


class P59(torch.nn.Module):
    def forward(self, x):
        return x + 59


class P60(torch.nn.Module):
    def forward(self, x):
        return x + 60


class P61(torch.nn.Module):
    def forward(self, x):
        return x + 61


class P62(torch.nn.Module):
    def forward(self, x):
        return x + 62


class P63(torch.nn.Module):
    def forward(self, x):
        return x + 63


class P64(torch.nn.Module):
    def forward(self, x):
        return x + 64


class P65(torch.nn.Module):
    def forward(self, x):
        return x + 65


class P66(torch.nn.Module):
    def forward(self, x):
        return x + 66


class P67(torch.nn.Module):
    def forward(self, x):
        return x + 67


class P68(torch.nn.Module):
    def forward(self, x):
        return x + 68


class P69(torch.nn.Module):
    def forward(self, x):
        return x + 69


class P70(torch.nn.Module):
    def forward(self, x):
        return x + 70


class P71(torch.nn.Module):
    def forward(self, x):
        return x + 71


class P72(torch.nn.Module):
    def forward(self, x):
        return x + 72


class P73(torch.nn.Module):
    def forward(self, x):
        return x + 73


class P74(torch.nn.Module):
    def forward(self, x):
        return x + 74


class P75(torch.nn.Module):
    def forward(self, x):
        return x + 75


class P76(torch.nn.Module):
    def forward(self, x):
        return x + 76


class P77(torch.nn.Module):
    def forward(self, x):
        return x + 77


class P78(torch.nn.Module):
    def forward(self, x):
        return x + 78


class P79(torch.nn.Module):
    def forward(self, x):
        return x + 79


class P80(torch.nn.Module):
    def forward(self, x):
        return x + 80


class P81(torch.nn.Module):
    def forward(self, x):
        return x + 81


class P82(torch.nn.Module):
    def forward(self, x):
        return x + 82


class P83(torch.nn.Module):
    def forward(self, x):
        return x + 83


class P84(torch.nn.Module):
    def forward(self, x):
        return x + 84


class P85(torch.nn.Module):
    def forward(self, x):
        return x + 85


class P86(torch.nn.Module):
    def forward(self, x):
        return x + 86


class P87(torch.nn.Module):
    def forward(self, x):
        return x + 87


class P88(torch.nn.Module):
    def forward(self, x):
        return x + 88


class P89(torch.nn.Module):
    def forward(self, x):
        return x + 89


class P90(torch.nn.Module):
    def forward(self, x):
        return x + 90


class P91(torch.nn.Module):
    def forward(self, x):
        return x + 91


class P92(torch.nn.Module):
    def forward(self, x):
        return x + 92


class P93(torch.nn.Module):
    def forward(self, x):
        return x + 93


class P94(torch.nn.Module):
    def forward(self, x):
        return x + 94


class P95(torch.nn.Module):
    def forward(self, x):
        return x + 95


class P96(torch.nn.Module):
    def forward(self, x):
        return x + 96


class P97(torch.nn.Module):
    def forward(self, x):
        return x + 97


class P98(torch.nn.Module):
    def forward(self, x):
        return x + 98


class P99(torch.nn.Module):
    def forward(self, x):
        return x + 99


class P100(torch.nn.Module):
    def forward(self, x):
        return x + 100


class P101(torch.nn.Module):
    def forward(self, x):
        return x + 101


class P102(torch.nn.Module):
    def forward(self, x):
        return x + 102


class P103(torch.nn.Module):
    def forward(self, x):
        return x + 103


class P104(torch.nn.Module):
    def forward(self, x):
        return x + 104


class P105(torch.nn.Module):
    def forward(self, x):
        return x + 105


class P106(torch.nn.Module):
    def forward(self, x):
        return x + 106


class P107(torch.nn.Module):
    def forward(self, x):
        return x + 107


class P108(torch.nn.Module):
    def forward(self, x):
        return x + 108


class P109(torch.nn.Module):
    def forward(self, x):
        return x + 109


class P110(torch.nn.Module):
    def forward(self, x):
        return x + 110


class P111(torch.nn.Module):
    def forward(self, x):
        return x + 111


class P112(torch.nn.Module):
    def forward(self, x):
        return x + 112


class P113(torch.nn.Module):
    def forward(self, x):
        return x + 113


class P114(torch.nn.Module):
    def forward(self, x):
        return x + 114


class P115(torch.nn.Module):
    def forward(self, x):
        return x + 115


class P116(torch.nn.Module):
    def forward(self, x):
        return x + 116


class P117(torch.nn.Module):
    def forward(self, x):
        return x + 117


class P118(torch.nn.Module):
    def forward(self, x):
        return x + 118


class P119(torch.nn.Module):
    def forward(self, x):
        return x + 119


class P120(torch.nn.Module):
    def forward(self, x):
        return x + 120


class P121(torch.nn.Module):
    def forward(self, x):
        return x + 121


class P122(torch.nn.Module):
    def forward(self, x):
        return x + 122


class P123(torch.nn.Module):
    def forward(self, x):
        return x + 123


class P124(torch.nn.Module):
    def forward(self, x):
        return x + 124


class P125(torch.nn.Module):
    def forward(self, x):
        return x + 125


class P126(torch.nn.Module):
    def forward(self, x):
        return x + 126


class P127(torch.nn.Module):
    def forward(self, x):
        return x + 127


class P128(torch.nn.Module):
    def forward(self, x):
        return x + 128


class P129(torch.nn.Module):
    def forward(self, x):
        return x + 129


class P130(torch.nn.Module):
    def forward(self, x):
        return x + 130


class P131(torch.nn.Module):
    def forward(self, x):
        return x + 131


class P132(torch.nn.Module):
    def forward(self, x):
        return x + 132


class P133(torch.nn.Module):
    def forward(self, x):
        return x + 133


class P134(torch.nn.Module):
    def forward(self, x):
        return x + 134


class P135(torch.nn.Module):
    def forward(self, x):
        return x + 135


class P136(torch.nn.Module):
    def forward(self, x):
        return x + 136


class P137(torch.nn.Module):
    def forward(self, x):
        return x + 137


class P138(torch.nn.Module):
    def forward(self, x):
        return x + 138


class P139(torch.nn.Module):
    def forward(self, x):
        return x + 139


class P140(torch.nn.Module):
    def forward(self, x):
        return x + 140


class P141(torch.nn.Module):
    def forward(self, x):
        return x + 141


class P142(torch.nn.Module):
    def forward(self, x):
        return x + 142


class P143(torch.nn.Module):
    def forward(self, x):
        return x + 143


class P144(torch.nn.Module):
    def forward(self, x):
        return x + 144


class P145(torch.nn.Module):
    def forward(self, x):
        return x + 145


class P146(torch.nn.Module):
    def forward(self, x):
        return x + 146


class P147(torch.nn.Module):
    def forward(self, x):
        return x + 147


class P148(torch.nn.Module):
    def forward(self, x):
        return x + 148


class P149(torch.nn.Module):
    def forward(self, x):
        return x + 149


class P150(torch.nn.Module):
    def forward(self, x):
        return x + 150


class P151(torch.nn.Module):
    def forward(self, x):
        return x + 151


class P152(torch.nn.Module):
    def forward(self, x):
        return x + 152


class P153(torch.nn.Module):
    def forward(self, x):
        return x + 153


class P154(torch.nn.Module):
    def forward(self, x):
        return x + 154


class P155(torch.nn.Module):
    def forward(self, x):
        return x + 155


class P156(torch.nn.Module):
    def forward(self, x):
        return x + 156


class P157(torch.nn.Module):
    def forward(self, x):
        return x + 157


class P158(torch.nn.Module):
    def forward(self, x):
        return x + 158


class P159(torch.nn.Module):
    def forward(self, x):
        return x + 159


class P160(torch.nn.Module):
    def forward(self, x):
        return x + 160


class P161(torch.nn.Module):
    def forward(self, x):
        return x + 161


class P162(torch.nn.Module):
    def forward(self, x):
        return x + 162


class P163(torch.nn.Module):
    def forward(self, x):
        return x + 163


class P164(torch.nn.Module):
    def forward(self, x):
        return x + 164


class P165(torch.nn.Module):
    def forward(self, x):
        return x + 165


class P166(torch.nn.Module):
    def forward(self, x):
        return x + 166


class P167(torch.nn.Module):
    def forward(self, x):
        return x + 167


class P168(torch.nn.Module):
    def forward(self, x):
        return x + 168


class P169(torch.nn.Module):
    def forward(self, x):
        return x + 169


class P170(torch.nn.Module):
    def forward(self, x):
        return x + 170


class P171(torch.nn.Module):
    def forward(self, x):
        return x + 171


class P172(torch.nn.Module):
    def forward(self, x):
        return x + 172


class P173(torch.nn.Module):
    def forward(self, x):
        return x + 173


class P174(torch.nn.Module):
    def forward(self, x):
        return x + 174


class P175(torch.nn.Module):
    def forward(self, x):
        return x + 175


class P176(torch.nn.Module):
    def forward(self, x):
        return x + 176


class P177(torch.nn.Module):
    def forward(self, x):
        return x + 177


class P178(torch.nn.Module):
    def forward(self, x):
        return x + 178


class P179(torch.nn.Module):
    def forward(self, x):
        return x + 179


class P180(torch.nn.Module):
    def forward(self, x):
        return x + 180


class P181(torch.nn.Module):
    def forward(self, x):
        return x + 181


class P182(torch.nn.Module):
    def forward(self, x):
        return x + 182


class P183(torch.nn.Module):
    def forward(self, x):
        return x + 183


class P184(torch.nn.Module):
    def forward(self, x):
        return x + 184


class P185(torch.nn.Module):
    def forward(self, x):
        return x + 185


class P186(torch.nn.Module):
    def forward(self, x):
        return x + 186


class P187(torch.nn.Module):
    def forward(self, x):
        return x + 187


class P188(torch.nn.Module):
    def forward(self, x):
        return x + 188


class P189(torch.nn.Module):
    def forward(self, x):
        return x + 189


class P190(torch.nn.Module):
    def forward(self, x):
        return x + 190


class P191(torch.nn.Module):
    def forward(self, x):
        return x + 191


class P192(torch.nn.Module):
    def forward(self, x):
        return x + 192


class P193(torch.nn.Module):
    def forward(self, x):
        return x + 193


class P194(torch.nn.Module):
    def forward(self, x):
        return x + 194


class P195(torch.nn.Module):
    def forward(self, x):
        return x + 195


class P196(torch.nn.Module):
    def forward(self, x):
        return x + 196


class P197(torch.nn.Module):
    def forward(self, x):
        return x + 197


class P198(torch.nn.Module):
    def forward(self, x):
        return x + 198


class P199(torch.nn.Module):
    def forward(self, x):
        return x + 199


class P200(torch.nn.Module):
    def forward(self, x):
        return x + 200


class P201(torch.nn.Module):
    def forward(self, x):
        return x + 201


class P202(torch.nn.Module):
    def forward(self, x):
        return x + 202


class P203(torch.nn.Module):
    def forward(self, x):
        return x + 203


class P204(torch.nn.Module):
    def forward(self, x):
        return x + 204


class P205(torch.nn.Module):
    def forward(self, x):
        return x + 205


class P206(torch.nn.Module):
    def forward(self, x):
        return x + 206


class P207(torch.nn.Module):
    def forward(self, x):
        return x + 207


class P208(torch.nn.Module):
    def forward(self, x):
        return x + 208


class P209(torch.nn.Module):
    def forward(self, x):
        return x + 209


class P210(torch.nn.Module):
    def forward(self, x):
        return x + 210


class P211(torch.nn.Module):
    def forward(self, x):
        return x + 211


class P212(torch.nn.Module):
    def forward(self, x):
        return x + 212


class P213(torch.nn.Module):
    def forward(self, x):
        return x + 213


class P214(torch.nn.Module):
    def forward(self, x):
        return x + 214


class P215(torch.nn.Module):
    def forward(self, x):
        return x + 215


class P216(torch.nn.Module):
    def forward(self, x):
        return x + 216


class P217(torch.nn.Module):
    def forward(self, x):
        return x + 217


class P218(torch.nn.Module):
    def forward(self, x):
        return x + 218


class P219(torch.nn.Module):
    def forward(self, x):
        return x + 219


class P220(torch.nn.Module):
    def forward(self, x):
        return x + 220


class P221(torch.nn.Module):
    def forward(self, x):
        return x + 221


class P222(torch.nn.Module):
    def forward(self, x):
        return x + 222


class P223(torch.nn.Module):
    def forward(self, x):
        return x + 223


class P224(torch.nn.Module):
    def forward(self, x):
        return x + 224


class P225(torch.nn.Module):
    def forward(self, x):
        return x + 225


class P226(torch.nn.Module):
    def forward(self, x):
        return x + 226


class P227(torch.nn.Module):
    def forward(self, x):
        return x + 227


class P228(torch.nn.Module):
    def forward(self, x):
        return x + 228


class P229(torch.nn.Module):
    def forward(self, x):
        return x + 229


class P230(torch.nn.Module):
    def forward(self, x):
        return x + 230


class P231(torch.nn.Module):
    def forward(self, x):
        return x + 231


class P232(torch.nn.Module):
    def forward(self, x):
        return x + 232


class P233(torch.nn.Module):
    def forward(self, x):
        return x + 233


class P234(torch.nn.Module):
    def forward(self, x):
        return x + 234


class P235(torch.nn.Module):
    def forward(self, x):
        return x + 235


class P236(torch.nn.Module):
    def forward(self, x):
        return x + 236


class P237(torch.nn.Module):
    def forward(self, x):
        return x + 237


class P238(torch.nn.Module):
    def forward(self, x):
        return x + 238


class P239(torch.nn.Module):
    def forward(self, x):
        return x + 239


class P240(torch.nn.Module):
    def forward(self, x):
        return x + 240


class P241(torch.nn.Module):
    def forward(self, x):
        return x + 241


class P242(torch.nn.Module):
    def forward(self, x):
        return x + 242


class P243(torch.nn.Module):
    def forward(self, x):
        return x + 243


class P244(torch.nn.Module):
    def forward(self, x):
        return x + 244


class P245(torch.nn.Module):
    def forward(self, x):
        return x + 245


class P246(torch.nn.Module):
    def forward(self, x):
        return x + 246


class P247(torch.nn.Module):
    def forward(self, x):
        return x + 247


class P248(torch.nn.Module):
    def forward(self, x):
        return x + 248


class P249(torch.nn.Module):
    def forward(self, x):
        return x + 249


class P250(torch.nn.Module):
    def forward(self, x):
        return x + 250


class P251(torch.nn.Module):
    def forward(self, x):
        return x + 251


class P252(torch.nn.Module):
    def forward(self, x):
        return x + 252


class P253(torch.nn.Module):
    def forward(self, x):
        return x + 253


class P254(torch.nn.Module):
    def forward(self, x):
        return x + 254


class P255(torch.nn.Module):
    def forward(self, x):
        return x + 255


class P256(torch.nn.Module):
    def forward(self, x):
        return x + 256


class P257(torch.nn.Module):
    def forward(self, x):
        return x + 257


class P258(torch.nn.Module):
    def forward(self, x):
        return x + 258


class P259(torch.nn.Module):
    def forward(self, x):
        return x + 259


class P260(torch.nn.Module):
    def forward(self, x):
        return x + 260


class P261(torch.nn.Module):
    def forward(self, x):
        return x + 261


class P262(torch.nn.Module):
    def forward(self, x):
        return x + 262


class P263(torch.nn.Module):
    def forward(self, x):
        return x + 263


class P264(torch.nn.Module):
    def forward(self, x):
        return x + 264


class P265(torch.nn.Module):
    def forward(self, x):
        return x + 265


class P266(torch.nn.Module):
    def forward(self, x):
        return x + 266


class P267(torch.nn.Module):
    def forward(self, x):
        return x + 267


class P268(torch.nn.Module):
    def forward(self, x):
        return x + 268


class P269(torch.nn.Module):
    def forward(self, x):
        return x + 269


class P270(torch.nn.Module):
    def forward(self, x):
        return x + 270


class P271(torch.nn.Module):
    def forward(self, x):
        return x + 271


class P272(torch.nn.Module):
    def forward(self, x):
        return x + 272


class P273(torch.nn.Module):
    def forward(self, x):
        return x + 273


class P274(torch.nn.Module):
    def forward(self, x):
        return x + 274


class P275(torch.nn.Module):
    def forward(self, x):
        return x + 275


class P276(torch.nn.Module):
    def forward(self, x):
        return x + 276


class P277(torch.nn.Module):
    def forward(self, x):
        return x + 277


class P278(torch.nn.Module):
    def forward(self, x):
        return x + 278


class P279(torch.nn.Module):
    def forward(self, x):
        return x + 279


class P280(torch.nn.Module):
    def forward(self, x):
        return x + 280


class P281(torch.nn.Module):
    def forward(self, x):
        return x + 281


class P282(torch.nn.Module):
    def forward(self, x):
        return x + 282


class P283(torch.nn.Module):
    def forward(self, x):
        return x + 283


class P284(torch.nn.Module):
    def forward(self, x):
        return x + 284


class P285(torch.nn.Module):
    def forward(self, x):
        return x + 285


class P286(torch.nn.Module):
    def forward(self, x):
        return x + 286


class P287(torch.nn.Module):
    def forward(self, x):
        return x + 287


class P288(torch.nn.Module):
    def forward(self, x):
        return x + 288


class P289(torch.nn.Module):
    def forward(self, x):
        return x + 289


class P290(torch.nn.Module):
    def forward(self, x):
        return x + 290


class P291(torch.nn.Module):
    def forward(self, x):
        return x + 291


class P292(torch.nn.Module):
    def forward(self, x):
        return x + 292


class P293(torch.nn.Module):
    def forward(self, x):
        return x + 293


class P294(torch.nn.Module):
    def forward(self, x):
        return x + 294


class P295(torch.nn.Module):
    def forward(self, x):
        return x + 295


class P296(torch.nn.Module):
    def forward(self, x):
        return x + 296


class P297(torch.nn.Module):
    def forward(self, x):
        return x + 297


class P298(torch.nn.Module):
    def forward(self, x):
        return x + 298


class P299(torch.nn.Module):
    def forward(self, x):
        return x + 299


class P300(torch.nn.Module):
    def forward(self, x):
        return x + 300


class P301(torch.nn.Module):
    def forward(self, x):
        return x + 301


class P302(torch.nn.Module):
    def forward(self, x):
        return x + 302


class P303(torch.nn.Module):
    def forward(self, x):
        return x + 303


class P304(torch.nn.Module):
    def forward(self, x):
        return x + 304


class P305(torch.nn.Module):
    def forward(self, x):
        return x + 305


class P306(torch.nn.Module):
    def forward(self, x):
        return x + 306


class P307(torch.nn.Module):
    def forward(self, x):
        return x + 307


class P308(torch.nn.Module):
    def forward(self, x):
        return x + 308


class P309(torch.nn.Module):
    def forward(self, x):
        return x + 309


class P310(torch.nn.Module):
    def forward(self, x):
        return x + 310


class P311(torch.nn.Module):
    def forward(self, x):
        return x + 311


class P312(torch.nn.Module):
    def forward(self, x):
        return x + 312


class P313(torch.nn.Module):
    def forward(self, x):
        return x + 313


class P314(torch.nn.Module):
    def forward(self, x):
        return x + 314


class P315(torch.nn.Module):
    def forward(self, x):
        return x + 315


class P316(torch.nn.Module):
    def forward(self, x):
        return x + 316


class P317(torch.nn.Module):
    def forward(self, x):
        return x + 317


class P318(torch.nn.Module):
    def forward(self, x):
        return x + 318


class P319(torch.nn.Module):
    def forward(self, x):
        return x + 319


class P320(torch.nn.Module):
    def forward(self, x):
        return x + 320


class P321(torch.nn.Module):
    def forward(self, x):
        return x + 321


class P322(torch.nn.Module):
    def forward(self, x):
        return x + 322


class P323(torch.nn.Module):
    def forward(self, x):
        return x + 323


class P324(torch.nn.Module):
    def forward(self, x):
        return x + 324


class P325(torch.nn.Module):
    def forward(self, x):
        return x + 325


class P326(torch.nn.Module):
    def forward(self, x):
        return x + 326


class P327(torch.nn.Module):
    def forward(self, x):
        return x + 327


class P328(torch.nn.Module):
    def forward(self, x):
        return x + 328


class P329(torch.nn.Module):
    def forward(self, x):
        return x + 329


class P330(torch.nn.Module):
    def forward(self, x):
        return x + 330


class P331(torch.nn.Module):
    def forward(self, x):
        return x + 331


class P332(torch.nn.Module):
    def forward(self, x):
        return x + 332


class P333(torch.nn.Module):
    def forward(self, x):
        return x + 333


class P334(torch.nn.Module):
    def forward(self, x):
        return x + 334


class P335(torch.nn.Module):
    def forward(self, x):
        return x + 335


class P336(torch.nn.Module):
    def forward(self, x):
        return x + 336


class P337(torch.nn.Module):
    def forward(self, x):
        return x + 337


class P338(torch.nn.Module):
    def forward(self, x):
        return x + 338


class P339(torch.nn.Module):
    def forward(self, x):
        return x + 339


class P340(torch.nn.Module):
    def forward(self, x):
        return x + 340


class P341(torch.nn.Module):
    def forward(self, x):
        return x + 341


class P342(torch.nn.Module):
    def forward(self, x):
        return x + 342


class P343(torch.nn.Module):
    def forward(self, x):
        return x + 343


class P344(torch.nn.Module):
    def forward(self, x):
        return x + 344


class P345(torch.nn.Module):
    def forward(self, x):
        return x + 345


class P346(torch.nn.Module):
    def forward(self, x):
        return x + 346


class P347(torch.nn.Module):
    def forward(self, x):
        return x + 347


class P348(torch.nn.Module):
    def forward(self, x):
        return x + 348


class P349(torch.nn.Module):
    def forward(self, x):
        return x + 349


class P350(torch.nn.Module):
    def forward(self, x):
        return x + 350


class P351(torch.nn.Module):
    def forward(self, x):
        return x + 351


class P352(torch.nn.Module):
    def forward(self, x):
        return x + 352


class P353(torch.nn.Module):
    def forward(self, x):
        return x + 353


class P354(torch.nn.Module):
    def forward(self, x):
        return x + 354


class P355(torch.nn.Module):
    def forward(self, x):
        return x + 355


class P356(torch.nn.Module):
    def forward(self, x):
        return x + 356


class P357(torch.nn.Module):
    def forward(self, x):
        return x + 357


class P358(torch.nn.Module):
    def forward(self, x):
        return x + 358


class P359(torch.nn.Module):
    def forward(self, x):
        return x + 359


class P360(torch.nn.Module):
    def forward(self, x):
        return x + 360


class P361(torch.nn.Module):
    def forward(self, x):
        return x + 361


class P362(torch.nn.Module):
    def forward(self, x):
        return x + 362


class P363(torch.nn.Module):
    def forward(self, x):
        return x + 363


class P364(torch.nn.Module):
    def forward(self, x):
        return x + 364


class P365(torch.nn.Module):
    def forward(self, x):
        return x + 365


class P366(torch.nn.Module):
    def forward(self, x):
        return x + 366


class P367(torch.nn.Module):
    def forward(self, x):
        return x + 367


class P368(torch.nn.Module):
    def forward(self, x):
        return x + 368


class P369(torch.nn.Module):
    def forward(self, x):
        return x + 369


class P370(torch.nn.Module):
    def forward(self, x):
        return x + 370


class P371(torch.nn.Module):
    def forward(self, x):
        return x + 371


class P372(torch.nn.Module):
    def forward(self, x):
        return x + 372


class P373(torch.nn.Module):
    def forward(self, x):
        return x + 373


class P374(torch.nn.Module):
    def forward(self, x):
        return x + 374


class P375(torch.nn.Module):
    def forward(self, x):
        return x + 375


class P376(torch.nn.Module):
    def forward(self, x):
        return x + 376


class P377(torch.nn.Module):
    def forward(self, x):
        return x + 377


class P378(torch.nn.Module):
    def forward(self, x):
        return x + 378


class P379(torch.nn.Module):
    def forward(self, x):
        return x + 379


class P380(torch.nn.Module):
    def forward(self, x):
        return x + 380


class P381(torch.nn.Module):
    def forward(self, x):
        return x + 381


class P382(torch.nn.Module):
    def forward(self, x):
        return x + 382


class P383(torch.nn.Module):
    def forward(self, x):
        return x + 383


class P384(torch.nn.Module):
    def forward(self, x):
        return x + 384


class P385(torch.nn.Module):
    def forward(self, x):
        return x + 385


class P386(torch.nn.Module):
    def forward(self, x):
        return x + 386


class P387(torch.nn.Module):
    def forward(self, x):
        return x + 387


class P388(torch.nn.Module):
    def forward(self, x):
        return x + 388


class P389(torch.nn.Module):
    def forward(self, x):
        return x + 389


class P390(torch.nn.Module):
    def forward(self, x):
        return x + 390


class P391(torch.nn.Module):
    def forward(self, x):
        return x + 391


class P392(torch.nn.Module):
    def forward(self, x):
        return x + 392


class P393(torch.nn.Module):
    def forward(self, x):
        return x + 393


class P394(torch.nn.Module):
    def forward(self, x):
        return x + 394


class P395(torch.nn.Module):
    def forward(self, x):
        return x + 395


class P396(torch.nn.Module):
    def forward(self, x):
        return x + 396


class P397(torch.nn.Module):
    def forward(self, x):
        return x + 397


class P398(torch.nn.Module):
    def forward(self, x):
        return x + 398


class P399(torch.nn.Module):
    def forward(self, x):
        return x + 399


class P400(torch.nn.Module):
    def forward(self, x):
        return x + 400


class P401(torch.nn.Module):
    def forward(self, x):
        return x + 401


class P402(torch.nn.Module):
    def forward(self, x):
        return x + 402


class P403(torch.nn.Module):
    def forward(self, x):
        return x + 403


class P404(torch.nn.Module):
    def forward(self, x):
        return x + 404


class P405(torch.nn.Module):
    def forward(self, x):
        return x + 405


class P406(torch.nn.Module):
    def forward(self, x):
        return x + 406


class P407(torch.nn.Module):
    def forward(self, x):
        return x + 407


class P408(torch.nn.Module):
    def forward(self, x):
        return x + 408


class P409(torch.nn.Module):
    def forward(self, x):
        return x + 409


class P410(torch.nn.Module):
    def forward(self, x):
        return x + 410


class P411(torch.nn.Module):
    def forward(self, x):
        return x + 411


class P412(torch.nn.Module):
    def forward(self, x):
        return x + 412


class P413(torch.nn.Module):
    def forward(self, x):
        return x + 413


class P414(torch.nn.Module):
    def forward(self, x):
        return x + 414


class P415(torch.nn.Module):
    def forward(self, x):
        return x + 415


class P416(torch.nn.Module):
    def forward(self, x):
        return x + 416


class P417(torch.nn.Module):
    def forward(self, x):
        return x + 417


class P418(torch.nn.Module):
    def forward(self, x):
        return x + 418


class P419(torch.nn.Module):
    def forward(self, x):
        return x + 419


class P420(torch.nn.Module):
    def forward(self, x):
        return x + 420


class P421(torch.nn.Module):
    def forward(self, x):
        return x + 421


class P422(torch.nn.Module):
    def forward(self, x):
        return x + 422


class P423(torch.nn.Module):
    def forward(self, x):
        return x + 423


class P424(torch.nn.Module):
    def forward(self, x):
        return x + 424


class P425(torch.nn.Module):
    def forward(self, x):
        return x + 425


class P426(torch.nn.Module):
    def forward(self, x):
        return x + 426


class P427(torch.nn.Module):
    def forward(self, x):
        return x + 427


class P428(torch.nn.Module):
    def forward(self, x):
        return x + 428


class P429(torch.nn.Module):
    def forward(self, x):
        return x + 429


class P430(torch.nn.Module):
    def forward(self, x):
        return x + 430


class P431(torch.nn.Module):
    def forward(self, x):
        return x + 431


class P432(torch.nn.Module):
    def forward(self, x):
        return x + 432


class P433(torch.nn.Module):
    def forward(self, x):
        return x + 433


class P434(torch.nn.Module):
    def forward(self, x):
        return x + 434


class P435(torch.nn.Module):
    def forward(self, x):
        return x + 435


class P436(torch.nn.Module):
    def forward(self, x):
        return x + 436


class P437(torch.nn.Module):
    def forward(self, x):
        return x + 437


class P438(torch.nn.Module):
    def forward(self, x):
        return x + 438


class P439(torch.nn.Module):
    def forward(self, x):
        return x + 439


class P440(torch.nn.Module):
    def forward(self, x):
        return x + 440


class P441(torch.nn.Module):
    def forward(self, x):
        return x + 441


class P442(torch.nn.Module):
    def forward(self, x):
        return x + 442


class P443(torch.nn.Module):
    def forward(self, x):
        return x + 443


class P444(torch.nn.Module):
    def forward(self, x):
        return x + 444


class P445(torch.nn.Module):
    def forward(self, x):
        return x + 445


class P446(torch.nn.Module):
    def forward(self, x):
        return x + 446


class P447(torch.nn.Module):
    def forward(self, x):
        return x + 447


class P448(torch.nn.Module):
    def forward(self, x):
        return x + 448


class P449(torch.nn.Module):
    def forward(self, x):
        return x + 449


class P450(torch.nn.Module):
    def forward(self, x):
        return x + 450


class P451(torch.nn.Module):
    def forward(self, x):
        return x + 451


class P452(torch.nn.Module):
    def forward(self, x):
        return x + 452


class P453(torch.nn.Module):
    def forward(self, x):
        return x + 453


class P454(torch.nn.Module):
    def forward(self, x):
        return x + 454


class P455(torch.nn.Module):
    def forward(self, x):
        return x + 455


class P456(torch.nn.Module):
    def forward(self, x):
        return x + 456


class P457(torch.nn.Module):
    def forward(self, x):
        return x + 457


class P458(torch.nn.Module):
    def forward(self, x):
        return x + 458


class P459(torch.nn.Module):
    def forward(self, x):
        return x + 459


class P460(torch.nn.Module):
    def forward(self, x):
        return x + 460


class P461(torch.nn.Module):
    def forward(self, x):
        return x + 461


class P462(torch.nn.Module):
    def forward(self, x):
        return x + 462


class P463(torch.nn.Module):
    def forward(self, x):
        return x + 463


class P464(torch.nn.Module):
    def forward(self, x):
        return x + 464


class P465(torch.nn.Module):
    def forward(self, x):
        return x + 465


class P466(torch.nn.Module):
    def forward(self, x):
        return x + 466


class P467(torch.nn.Module):
    def forward(self, x):
        return x + 467


class P468(torch.nn.Module):
    def forward(self, x):
        return x + 468


class P469(torch.nn.Module):
    def forward(self, x):
        return x + 469


class P470(torch.nn.Module):
    def forward(self, x):
        return x + 470


class P471(torch.nn.Module):
    def forward(self, x):
        return x + 471


class P472(torch.nn.Module):
    def forward(self, x):
        return x + 472


class P473(torch.nn.Module):
    def forward(self, x):
        return x + 473


class P474(torch.nn.Module):
    def forward(self, x):
        return x + 474


class P475(torch.nn.Module):
    def forward(self, x):
        return x + 475


class P476(torch.nn.Module):
    def forward(self, x):
        return x + 476


class P477(torch.nn.Module):
    def forward(self, x):
        return x + 477


class P478(torch.nn.Module):
    def forward(self, x):
        return x + 478


class P479(torch.nn.Module):
    def forward(self, x):
        return x + 479


class P480(torch.nn.Module):
    def forward(self, x):
        return x + 480


class P481(torch.nn.Module):
    def forward(self, x):
        return x + 481


class P482(torch.nn.Module):
    def forward(self, x):
        return x + 482


class P483(torch.nn.Module):
    def forward(self, x):
        return x + 483


class P484(torch.nn.Module):
    def forward(self, x):
        return x + 484


class P485(torch.nn.Module):
    def forward(self, x):
        return x + 485


class P486(torch.nn.Module):
    def forward(self, x):
        return x + 486


class P487(torch.nn.Module):
    def forward(self, x):
        return x + 487


class P488(torch.nn.Module):
    def forward(self, x):
        return x + 488


class P489(torch.nn.Module):
    def forward(self, x):
        return x + 489


class P490(torch.nn.Module):
    def forward(self, x):
        return x + 490


class P491(torch.nn.Module):
    def forward(self, x):
        return x + 491


class P492(torch.nn.Module):
    def forward(self, x):
        return x + 492


class P493(torch.nn.Module):
    def forward(self, x):
        return x + 493


class P494(torch.nn.Module):
    def forward(self, x):
        return x + 494


class P495(torch.nn.Module):
    def forward(self, x):
        return x + 495


class P496(torch.nn.Module):
    def forward(self, x):
        return x + 496


class P497(torch.nn.Module):
    def forward(self, x):
        return x + 497


class P498(torch.nn.Module):
    def forward(self, x):
        return x + 498


class P499(torch.nn.Module):
    def forward(self, x):
        return x + 499


class P500(torch.nn.Module):
    def forward(self, x):
        return x + 500


class P501(torch.nn.Module):
    def forward(self, x):
        return x + 501


class P502(torch.nn.Module):
    def forward(self, x):
        return x + 502


class P503(torch.nn.Module):
    def forward(self, x):
        return x + 503


class P504(torch.nn.Module):
    def forward(self, x):
        return x + 504


class P505(torch.nn.Module):
    def forward(self, x):
        return x + 505


class P506(torch.nn.Module):
    def forward(self, x):
        return x + 506


class P507(torch.nn.Module):
    def forward(self, x):
        return x + 507


class P508(torch.nn.Module):
    def forward(self, x):
        return x + 508


class P509(torch.nn.Module):
    def forward(self, x):
        return x + 509


class P510(torch.nn.Module):
    def forward(self, x):
        return x + 510


class P511(torch.nn.Module):
    def forward(self, x):
        return x + 511


class P512(torch.nn.Module):
    def forward(self, x):
        return x + 512


class P513(torch.nn.Module):
    def forward(self, x):
        return x + 513


class P514(torch.nn.Module):
    def forward(self, x):
        return x + 514


class P515(torch.nn.Module):
    def forward(self, x):
        return x + 515


class P516(torch.nn.Module):
    def forward(self, x):
        return x + 516


class P517(torch.nn.Module):
    def forward(self, x):
        return x + 517


class P518(torch.nn.Module):
    def forward(self, x):
        return x + 518


class P519(torch.nn.Module):
    def forward(self, x):
        return x + 519


class P520(torch.nn.Module):
    def forward(self, x):
        return x + 520


class P521(torch.nn.Module):
    def forward(self, x):
        return x + 521


class P522(torch.nn.Module):
    def forward(self, x):
        return x + 522


class P523(torch.nn.Module):
    def forward(self, x):
        return x + 523


class P524(torch.nn.Module):
    def forward(self, x):
        return x + 524


class P525(torch.nn.Module):
    def forward(self, x):
        return x + 525


class P526(torch.nn.Module):
    def forward(self, x):
        return x + 526


class P527(torch.nn.Module):
    def forward(self, x):
        return x + 527


class P528(torch.nn.Module):
    def forward(self, x):
        return x + 528


class P529(torch.nn.Module):
    def forward(self, x):
        return x + 529


class P530(torch.nn.Module):
    def forward(self, x):
        return x + 530


class P531(torch.nn.Module):
    def forward(self, x):
        return x + 531


class P532(torch.nn.Module):
    def forward(self, x):
        return x + 532


class P533(torch.nn.Module):
    def forward(self, x):
        return x + 533


class P534(torch.nn.Module):
    def forward(self, x):
        return x + 534


class P535(torch.nn.Module):
    def forward(self, x):
        return x + 535


class P536(torch.nn.Module):
    def forward(self, x):
        return x + 536


class P537(torch.nn.Module):
    def forward(self, x):
        return x + 537


class P538(torch.nn.Module):
    def forward(self, x):
        return x + 538


class P539(torch.nn.Module):
    def forward(self, x):
        return x + 539


class P540(torch.nn.Module):
    def forward(self, x):
        return x + 540


class P541(torch.nn.Module):
    def forward(self, x):
        return x + 541


class P542(torch.nn.Module):
    def forward(self, x):
        return x + 542


class P543(torch.nn.Module):
    def forward(self, x):
        return x + 543


class P544(torch.nn.Module):
    def forward(self, x):
        return x + 544


class P545(torch.nn.Module):
    def forward(self, x):
        return x + 545


class P546(torch.nn.Module):
    def forward(self, x):
        return x + 546


class P547(torch.nn.Module):
    def forward(self, x):
        return x + 547


class P548(torch.nn.Module):
    def forward(self, x):
        return x + 548


class P549(torch.nn.Module):
    def forward(self, x):
        return x + 549


class P550(torch.nn.Module):
    def forward(self, x):
        return x + 550


class P551(torch.nn.Module):
    def forward(self, x):
        return x + 551


class P552(torch.nn.Module):
    def forward(self, x):
        return x + 552


class P553(torch.nn.Module):
    def forward(self, x):
        return x + 553


class P554(torch.nn.Module):
    def forward(self, x):
        return x + 554


class P555(torch.nn.Module):
    def forward(self, x):
        return x + 555


class P556(torch.nn.Module):
    def forward(self, x):
        return x + 556


class P557(torch.nn.Module):
    def forward(self, x):
        return x + 557


class P558(torch.nn.Module):
    def forward(self, x):
        return x + 558


class P559(torch.nn.Module):
    def forward(self, x):
        return x + 559


class P560(torch.nn.Module):
    def forward(self, x):
        return x + 560


class P561(torch.nn.Module):
    def forward(self, x):
        return x + 561


class P562(torch.nn.Module):
    def forward(self, x):
        return x + 562


class P563(torch.nn.Module):
    def forward(self, x):
        return x + 563


class P564(torch.nn.Module):
    def forward(self, x):
        return x + 564


class P565(torch.nn.Module):
    def forward(self, x):
        return x + 565


class P566(torch.nn.Module):
    def forward(self, x):
        return x + 566


class P567(torch.nn.Module):
    def forward(self, x):
        return x + 567


class P568(torch.nn.Module):
    def forward(self, x):
        return x + 568


class P569(torch.nn.Module):
    def forward(self, x):
        return x + 569


class P570(torch.nn.Module):
    def forward(self, x):
        return x + 570


class P571(torch.nn.Module):
    def forward(self, x):
        return x + 571


class P572(torch.nn.Module):
    def forward(self, x):
        return x + 572


class P573(torch.nn.Module):
    def forward(self, x):
        return x + 573


class P574(torch.nn.Module):
    def forward(self, x):
        return x + 574


class P575(torch.nn.Module):
    def forward(self, x):
        return x + 575


class P576(torch.nn.Module):
    def forward(self, x):
        return x + 576


class P577(torch.nn.Module):
    def forward(self, x):
        return x + 577


class P578(torch.nn.Module):
    def forward(self, x):
        return x + 578


class P579(torch.nn.Module):
    def forward(self, x):
        return x + 579


class P580(torch.nn.Module):
    def forward(self, x):
        return x + 580


class P581(torch.nn.Module):
    def forward(self, x):
        return x + 581


class P582(torch.nn.Module):
    def forward(self, x):
        return x + 582


class P583(torch.nn.Module):
    def forward(self, x):
        return x + 583


class P584(torch.nn.Module):
    def forward(self, x):
        return x + 584


class P585(torch.nn.Module):
    def forward(self, x):
        return x + 585


class P586(torch.nn.Module):
    def forward(self, x):
        return x + 586


class P587(torch.nn.Module):
    def forward(self, x):
        return x + 587


class P588(torch.nn.Module):
    def forward(self, x):
        return x + 588


class P589(torch.nn.Module):
    def forward(self, x):
        return x + 589


class P590(torch.nn.Module):
    def forward(self, x):
        return x + 590


class P591(torch.nn.Module):
    def forward(self, x):
        return x + 591


class P592(torch.nn.Module):
    def forward(self, x):
        return x + 592


class P593(torch.nn.Module):
    def forward(self, x):
        return x + 593


class P594(torch.nn.Module):
    def forward(self, x):
        return x + 594


class P595(torch.nn.Module):
    def forward(self, x):
        return x + 595


class P596(torch.nn.Module):
    def forward(self, x):
        return x + 596


class P597(torch.nn.Module):
    def forward(self, x):
        return x + 597


class P598(torch.nn.Module):
    def forward(self, x):
        return x + 598


class P599(torch.nn.Module):
    def forward(self, x):
        return x + 599


class P600(torch.nn.Module):
    def forward(self, x):
        return x + 600


class P601(torch.nn.Module):
    def forward(self, x):
        return x + 601


class P602(torch.nn.Module):
    def forward(self, x):
        return x + 602


class P603(torch.nn.Module):
    def forward(self, x):
        return x + 603


class P604(torch.nn.Module):
    def forward(self, x):
        return x + 604


class P605(torch.nn.Module):
    def forward(self, x):
        return x + 605


class P606(torch.nn.Module):
    def forward(self, x):
        return x + 606


class P607(torch.nn.Module):
    def forward(self, x):
        return x + 607


class P608(torch.nn.Module):
    def forward(self, x):
        return x + 608


class P609(torch.nn.Module):
    def forward(self, x):
        return x + 609


class P610(torch.nn.Module):
    def forward(self, x):
        return x + 610


class P611(torch.nn.Module):
    def forward(self, x):
        return x + 611


class P612(torch.nn.Module):
    def forward(self, x):
        return x + 612


class P613(torch.nn.Module):
    def forward(self, x):
        return x + 613


class P614(torch.nn.Module):
    def forward(self, x):
        return x + 614


class P615(torch.nn.Module):
    def forward(self, x):
        return x + 615


class P616(torch.nn.Module):
    def forward(self, x):
        return x + 616


class P617(torch.nn.Module):
    def forward(self, x):
        return x + 617


class P618(torch.nn.Module):
    def forward(self, x):
        return x + 618


class P619(torch.nn.Module):
    def forward(self, x):
        return x + 619


class P620(torch.nn.Module):
    def forward(self, x):
        return x + 620


class P621(torch.nn.Module):
    def forward(self, x):
        return x + 621


class P622(torch.nn.Module):
    def forward(self, x):
        return x + 622


class P623(torch.nn.Module):
    def forward(self, x):
        return x + 623


class P624(torch.nn.Module):
    def forward(self, x):
        return x + 624


class P625(torch.nn.Module):
    def forward(self, x):
        return x + 625


class P626(torch.nn.Module):
    def forward(self, x):
        return x + 626


class P627(torch.nn.Module):
    def forward(self, x):
        return x + 627


class P628(torch.nn.Module):
    def forward(self, x):
        return x + 628


class P629(torch.nn.Module):
    def forward(self, x):
        return x + 629


class P630(torch.nn.Module):
    def forward(self, x):
        return x + 630


class P631(torch.nn.Module):
    def forward(self, x):
        return x + 631


class P632(torch.nn.Module):
    def forward(self, x):
        return x + 632


class P633(torch.nn.Module):
    def forward(self, x):
        return x + 633


class P634(torch.nn.Module):
    def forward(self, x):
        return x + 634


class P635(torch.nn.Module):
    def forward(self, x):
        return x + 635


class P636(torch.nn.Module):
    def forward(self, x):
        return x + 636


class P637(torch.nn.Module):
    def forward(self, x):
        return x + 637


class P638(torch.nn.Module):
    def forward(self, x):
        return x + 638


class P639(torch.nn.Module):
    def forward(self, x):
        return x + 639


class P640(torch.nn.Module):
    def forward(self, x):
        return x + 640


class P641(torch.nn.Module):
    def forward(self, x):
        return x + 641


class P642(torch.nn.Module):
    def forward(self, x):
        return x + 642


class P643(torch.nn.Module):
    def forward(self, x):
        return x + 643


class P644(torch.nn.Module):
    def forward(self, x):
        return x + 644


class P645(torch.nn.Module):
    def forward(self, x):
        return x + 645


class P646(torch.nn.Module):
    def forward(self, x):
        return x + 646


class P647(torch.nn.Module):
    def forward(self, x):
        return x + 647


class P648(torch.nn.Module):
    def forward(self, x):
        return x + 648


class P649(torch.nn.Module):
    def forward(self, x):
        return x + 649


class P650(torch.nn.Module):
    def forward(self, x):
        return x + 650


class P651(torch.nn.Module):
    def forward(self, x):
        return x + 651


class P652(torch.nn.Module):
    def forward(self, x):
        return x + 652


class P653(torch.nn.Module):
    def forward(self, x):
        return x + 653


class P654(torch.nn.Module):
    def forward(self, x):
        return x + 654


class P655(torch.nn.Module):
    def forward(self, x):
        return x + 655


class P656(torch.nn.Module):
    def forward(self, x):
        return x + 656


class P657(torch.nn.Module):
    def forward(self, x):
        return x + 657


class P658(torch.nn.Module):
    def forward(self, x):
        return x + 658


class P659(torch.nn.Module):
    def forward(self, x):
        return x + 659


class P660(torch.nn.Module):
    def forward(self, x):
        return x + 660


class P661(torch.nn.Module):
    def forward(self, x):
        return x + 661


class P662(torch.nn.Module):
    def forward(self, x):
        return x + 662


class P663(torch.nn.Module):
    def forward(self, x):
        return x + 663


class P664(torch.nn.Module):
    def forward(self, x):
        return x + 664


class P665(torch.nn.Module):
    def forward(self, x):
        return x + 665


class P666(torch.nn.Module):
    def forward(self, x):
        return x + 666


class P667(torch.nn.Module):
    def forward(self, x):
        return x + 667


class P668(torch.nn.Module):
    def forward(self, x):
        return x + 668


class P669(torch.nn.Module):
    def forward(self, x):
        return x + 669


class P670(torch.nn.Module):
    def forward(self, x):
        return x + 670


class P671(torch.nn.Module):
    def forward(self, x):
        return x + 671


class P672(torch.nn.Module):
    def forward(self, x):
        return x + 672


class P673(torch.nn.Module):
    def forward(self, x):
        return x + 673


class P674(torch.nn.Module):
    def forward(self, x):
        return x + 674


class P675(torch.nn.Module):
    def forward(self, x):
        return x + 675


class P676(torch.nn.Module):
    def forward(self, x):
        return x + 676


class P677(torch.nn.Module):
    def forward(self, x):
        return x + 677


class P678(torch.nn.Module):
    def forward(self, x):
        return x + 678


class P679(torch.nn.Module):
    def forward(self, x):
        return x + 679


class P680(torch.nn.Module):
    def forward(self, x):
        return x + 680


class P681(torch.nn.Module):
    def forward(self, x):
        return x + 681


class P682(torch.nn.Module):
    def forward(self, x):
        return x + 682


class P683(torch.nn.Module):
    def forward(self, x):
        return x + 683


class P684(torch.nn.Module):
    def forward(self, x):
        return x + 684


class P685(torch.nn.Module):
    def forward(self, x):
        return x + 685


class P686(torch.nn.Module):
    def forward(self, x):
        return x + 686


class P687(torch.nn.Module):
    def forward(self, x):
        return x + 687


class P688(torch.nn.Module):
    def forward(self, x):
        return x + 688


class P689(torch.nn.Module):
    def forward(self, x):
        return x + 689


class P690(torch.nn.Module):
    def forward(self, x):
        return x + 690


class P691(torch.nn.Module):
    def forward(self, x):
        return x + 691


class P692(torch.nn.Module):
    def forward(self, x):
        return x + 692


class P693(torch.nn.Module):
    def forward(self, x):
        return x + 693


class P694(torch.nn.Module):
    def forward(self, x):
        return x + 694


class P695(torch.nn.Module):
    def forward(self, x):
        return x + 695


class P696(torch.nn.Module):
    def forward(self, x):
        return x + 696


class P697(torch.nn.Module):
    def forward(self, x):
        return x + 697


class P698(torch.nn.Module):
    def forward(self, x):
        return x + 698


class P699(torch.nn.Module):
    def forward(self, x):
        return x + 699


class P700(torch.nn.Module):
    def forward(self, x):
        return x + 700


class P701(torch.nn.Module):
    def forward(self, x):
        return x + 701


class P702(torch.nn.Module):
    def forward(self, x):
        return x + 702


class P703(torch.nn.Module):
    def forward(self, x):
        return x + 703


class P704(torch.nn.Module):
    def forward(self, x):
        return x + 704


class P705(torch.nn.Module):
    def forward(self, x):
        return x + 705


class P706(torch.nn.Module):
    def forward(self, x):
        return x + 706


class P707(torch.nn.Module):
    def forward(self, x):
        return x + 707


class P708(torch.nn.Module):
    def forward(self, x):
        return x + 708


class P709(torch.nn.Module):
    def forward(self, x):
        return x + 709


class P710(torch.nn.Module):
    def forward(self, x):
        return x + 710


class P711(torch.nn.Module):
    def forward(self, x):
        return x + 711


class P712(torch.nn.Module):
    def forward(self, x):
        return x + 712


class P713(torch.nn.Module):
    def forward(self, x):
        return x + 713


class P714(torch.nn.Module):
    def forward(self, x):
        return x + 714


class P715(torch.nn.Module):
    def forward(self, x):
        return x + 715


class P716(torch.nn.Module):
    def forward(self, x):
        return x + 716


class P717(torch.nn.Module):
    def forward(self, x):
        return x + 717


class P718(torch.nn.Module):
    def forward(self, x):
        return x + 718


class P719(torch.nn.Module):
    def forward(self, x):
        return x + 719


class P720(torch.nn.Module):
    def forward(self, x):
        return x + 720


class P721(torch.nn.Module):
    def forward(self, x):
        return x + 721


class P722(torch.nn.Module):
    def forward(self, x):
        return x + 722


class P723(torch.nn.Module):
    def forward(self, x):
        return x + 723


class P724(torch.nn.Module):
    def forward(self, x):
        return x + 724


class P725(torch.nn.Module):
    def forward(self, x):
        return x + 725


class P726(torch.nn.Module):
    def forward(self, x):
        return x + 726


class P727(torch.nn.Module):
    def forward(self, x):
        return x + 727


class P728(torch.nn.Module):
    def forward(self, x):
        return x + 728


class P729(torch.nn.Module):
    def forward(self, x):
        return x + 729


class P730(torch.nn.Module):
    def forward(self, x):
        return x + 730


class P731(torch.nn.Module):
    def forward(self, x):
        return x + 731


class P732(torch.nn.Module):
    def forward(self, x):
        return x + 732


class P733(torch.nn.Module):
    def forward(self, x):
        return x + 733


class P734(torch.nn.Module):
    def forward(self, x):
        return x + 734


class P735(torch.nn.Module):
    def forward(self, x):
        return x + 735


class P736(torch.nn.Module):
    def forward(self, x):
        return x + 736


class P737(torch.nn.Module):
    def forward(self, x):
        return x + 737


class P738(torch.nn.Module):
    def forward(self, x):
        return x + 738


class P739(torch.nn.Module):
    def forward(self, x):
        return x + 739


class P740(torch.nn.Module):
    def forward(self, x):
        return x + 740


class P741(torch.nn.Module):
    def forward(self, x):
        return x + 741


class P742(torch.nn.Module):
    def forward(self, x):
        return x + 742


class P743(torch.nn.Module):
    def forward(self, x):
        return x + 743


class P744(torch.nn.Module):
    def forward(self, x):
        return x + 744


class P745(torch.nn.Module):
    def forward(self, x):
        return x + 745


class P746(torch.nn.Module):
    def forward(self, x):
        return x + 746


class P747(torch.nn.Module):
    def forward(self, x):
        return x + 747


class P748(torch.nn.Module):
    def forward(self, x):
        return x + 748


class P749(torch.nn.Module):
    def forward(self, x):
        return x + 749


class P750(torch.nn.Module):
    def forward(self, x):
        return x + 750


class P751(torch.nn.Module):
    def forward(self, x):
        return x + 751


class P752(torch.nn.Module):
    def forward(self, x):
        return x + 752


class P753(torch.nn.Module):
    def forward(self, x):
        return x + 753


class P754(torch.nn.Module):
    def forward(self, x):
        return x + 754


class P755(torch.nn.Module):
    def forward(self, x):
        return x + 755


class P756(torch.nn.Module):
    def forward(self, x):
        return x + 756


class P757(torch.nn.Module):
    def forward(self, x):
        return x + 757


class P758(torch.nn.Module):
    def forward(self, x):
        return x + 758


class P759(torch.nn.Module):
    def forward(self, x):
        return x + 759


class P760(torch.nn.Module):
    def forward(self, x):
        return x + 760


class P761(torch.nn.Module):
    def forward(self, x):
        return x + 761


class P762(torch.nn.Module):
    def forward(self, x):
        return x + 762


class P763(torch.nn.Module):
    def forward(self, x):
        return x + 763


class P764(torch.nn.Module):
    def forward(self, x):
        return x + 764


class P765(torch.nn.Module):
    def forward(self, x):
        return x + 765


class P766(torch.nn.Module):
    def forward(self, x):
        return x + 766


class P767(torch.nn.Module):
    def forward(self, x):
        return x + 767


class P768(torch.nn.Module):
    def forward(self, x):
        return x + 768


class P769(torch.nn.Module):
    def forward(self, x):
        return x + 769


class P770(torch.nn.Module):
    def forward(self, x):
        return x + 770


class P771(torch.nn.Module):
    def forward(self, x):
        return x + 771


class P772(torch.nn.Module):
    def forward(self, x):
        return x + 772


class P773(torch.nn.Module):
    def forward(self, x):
        return x + 773


class P774(torch.nn.Module):
    def forward(self, x):
        return x + 774


class P775(torch.nn.Module):
    def forward(self, x):
        return x + 775


class P776(torch.nn.Module):
    def forward(self, x):
        return x + 776


class P777(torch.nn.Module):
    def forward(self, x):
        return x + 777


class P778(torch.nn.Module):
    def forward(self, x):
        return x + 778


class P779(torch.nn.Module):
    def forward(self, x):
        return x + 779


class P780(torch.nn.Module):
    def forward(self, x):
        return x + 780


class P781(torch.nn.Module):
    def forward(self, x):
        return x + 781


class P782(torch.nn.Module):
    def forward(self, x):
        return x + 782


class P783(torch.nn.Module):
    def forward(self, x):
        return x + 783


class P784(torch.nn.Module):
    def forward(self, x):
        return x + 784


class P785(torch.nn.Module):
    def forward(self, x):
        return x + 785


class P786(torch.nn.Module):
    def forward(self, x):
        return x + 786


class P787(torch.nn.Module):
    def forward(self, x):
        return x + 787


class P788(torch.nn.Module):
    def forward(self, x):
        return x + 788


class P789(torch.nn.Module):
    def forward(self, x):
        return x + 789


class P790(torch.nn.Module):
    def forward(self, x):
        return x + 790


class P791(torch.nn.Module):
    def forward(self, x):
        return x + 791


class P792(torch.nn.Module):
    def forward(self, x):
        return x + 792


class P793(torch.nn.Module):
    def forward(self, x):
        return x + 793


class P794(torch.nn.Module):
    def forward(self, x):
        return x + 794


class P795(torch.nn.Module):
    def forward(self, x):
        return x + 795


class P796(torch.nn.Module):
    def forward(self, x):
        return x + 796


class P797(torch.nn.Module):
    def forward(self, x):
        return x + 797


class P798(torch.nn.Module):
    def forward(self, x):
        return x + 798


class P799(torch.nn.Module):
    def forward(self, x):
        return x + 799


class P800(torch.nn.Module):
    def forward(self, x):
        return x + 800


class P801(torch.nn.Module):
    def forward(self, x):
        return x + 801


class P802(torch.nn.Module):
    def forward(self, x):
        return x + 802


class P803(torch.nn.Module):
    def forward(self, x):
        return x + 803


class P804(torch.nn.Module):
    def forward(self, x):
        return x + 804


class P805(torch.nn.Module):
    def forward(self, x):
        return x + 805


class P806(torch.nn.Module):
    def forward(self, x):
        return x + 806


class P807(torch.nn.Module):
    def forward(self, x):
        return x + 807


class P808(torch.nn.Module):
    def forward(self, x):
        return x + 808


class P809(torch.nn.Module):
    def forward(self, x):
        return x + 809


class P810(torch.nn.Module):
    def forward(self, x):
        return x + 810


class P811(torch.nn.Module):
    def forward(self, x):
        return x + 811


class P812(torch.nn.Module):
    def forward(self, x):
        return x + 812


class P813(torch.nn.Module):
    def forward(self, x):
        return x + 813


class P814(torch.nn.Module):
    def forward(self, x):
        return x + 814


class P815(torch.nn.Module):
    def forward(self, x):
        return x + 815


class P816(torch.nn.Module):
    def forward(self, x):
        return x + 816


class P817(torch.nn.Module):
    def forward(self, x):
        return x + 817


class P818(torch.nn.Module):
    def forward(self, x):
        return x + 818


class P819(torch.nn.Module):
    def forward(self, x):
        return x + 819


class P820(torch.nn.Module):
    def forward(self, x):
        return x + 820


class P821(torch.nn.Module):
    def forward(self, x):
        return x + 821


class P822(torch.nn.Module):
    def forward(self, x):
        return x + 822


class P823(torch.nn.Module):
    def forward(self, x):
        return x + 823


class P824(torch.nn.Module):
    def forward(self, x):
        return x + 824


class P825(torch.nn.Module):
    def forward(self, x):
        return x + 825


class P826(torch.nn.Module):
    def forward(self, x):
        return x + 826


class P827(torch.nn.Module):
    def forward(self, x):
        return x + 827


class P828(torch.nn.Module):
    def forward(self, x):
        return x + 828


class P829(torch.nn.Module):
    def forward(self, x):
        return x + 829


class P830(torch.nn.Module):
    def forward(self, x):
        return x + 830


class P831(torch.nn.Module):
    def forward(self, x):
        return x + 831


class P832(torch.nn.Module):
    def forward(self, x):
        return x + 832


class P833(torch.nn.Module):
    def forward(self, x):
        return x + 833


class P834(torch.nn.Module):
    def forward(self, x):
        return x + 834


class P835(torch.nn.Module):
    def forward(self, x):
        return x + 835


class P836(torch.nn.Module):
    def forward(self, x):
        return x + 836


class P837(torch.nn.Module):
    def forward(self, x):
        return x + 837


class P838(torch.nn.Module):
    def forward(self, x):
        return x + 838


class P839(torch.nn.Module):
    def forward(self, x):
        return x + 839


class P840(torch.nn.Module):
    def forward(self, x):
        return x + 840


class P841(torch.nn.Module):
    def forward(self, x):
        return x + 841


class P842(torch.nn.Module):
    def forward(self, x):
        return x + 842


class P843(torch.nn.Module):
    def forward(self, x):
        return x + 843


class P844(torch.nn.Module):
    def forward(self, x):
        return x + 844


class P845(torch.nn.Module):
    def forward(self, x):
        return x + 845


class P846(torch.nn.Module):
    def forward(self, x):
        return x + 846


class P847(torch.nn.Module):
    def forward(self, x):
        return x + 847


class P848(torch.nn.Module):
    def forward(self, x):
        return x + 848


class P849(torch.nn.Module):
    def forward(self, x):
        return x + 849


class P850(torch.nn.Module):
    def forward(self, x):
        return x + 850


class P851(torch.nn.Module):
    def forward(self, x):
        return x + 851


class P852(torch.nn.Module):
    def forward(self, x):
        return x + 852


class P853(torch.nn.Module):
    def forward(self, x):
        return x + 853


class P854(torch.nn.Module):
    def forward(self, x):
        return x + 854


class P855(torch.nn.Module):
    def forward(self, x):
        return x + 855


class P856(torch.nn.Module):
    def forward(self, x):
        return x + 856


class P857(torch.nn.Module):
    def forward(self, x):
        return x + 857


class P858(torch.nn.Module):
    def forward(self, x):
        return x + 858


class P859(torch.nn.Module):
    def forward(self, x):
        return x + 859


class P860(torch.nn.Module):
    def forward(self, x):
        return x + 860


class P861(torch.nn.Module):
    def forward(self, x):
        return x + 861


class P862(torch.nn.Module):
    def forward(self, x):
        return x + 862


class P863(torch.nn.Module):
    def forward(self, x):
        return x + 863


class P864(torch.nn.Module):
    def forward(self, x):
        return x + 864


class P865(torch.nn.Module):
    def forward(self, x):
        return x + 865


class P866(torch.nn.Module):
    def forward(self, x):
        return x + 866


class P867(torch.nn.Module):
    def forward(self, x):
        return x + 867


class P868(torch.nn.Module):
    def forward(self, x):
        return x + 868


class P869(torch.nn.Module):
    def forward(self, x):
        return x + 869


class P870(torch.nn.Module):
    def forward(self, x):
        return x + 870


class P871(torch.nn.Module):
    def forward(self, x):
        return x + 871


class P872(torch.nn.Module):
    def forward(self, x):
        return x + 872


class P873(torch.nn.Module):
    def forward(self, x):
        return x + 873


class P874(torch.nn.Module):
    def forward(self, x):
        return x + 874


class P875(torch.nn.Module):
    def forward(self, x):
        return x + 875


class P876(torch.nn.Module):
    def forward(self, x):
        return x + 876


class P877(torch.nn.Module):
    def forward(self, x):
        return x + 877


class P878(torch.nn.Module):
    def forward(self, x):
        return x + 878


class P879(torch.nn.Module):
    def forward(self, x):
        return x + 879


class P880(torch.nn.Module):
    def forward(self, x):
        return x + 880


class P881(torch.nn.Module):
    def forward(self, x):
        return x + 881


class P882(torch.nn.Module):
    def forward(self, x):
        return x + 882


class P883(torch.nn.Module):
    def forward(self, x):
        return x + 883


class P884(torch.nn.Module):
    def forward(self, x):
        return x + 884


class P885(torch.nn.Module):
    def forward(self, x):
        return x + 885


class P886(torch.nn.Module):
    def forward(self, x):
        return x + 886


class P887(torch.nn.Module):
    def forward(self, x):
        return x + 887


class P888(torch.nn.Module):
    def forward(self, x):
        return x + 888


class P889(torch.nn.Module):
    def forward(self, x):
        return x + 889


class P890(torch.nn.Module):
    def forward(self, x):
        return x + 890


class P891(torch.nn.Module):
    def forward(self, x):
        return x + 891


class P892(torch.nn.Module):
    def forward(self, x):
        return x + 892


class P893(torch.nn.Module):
    def forward(self, x):
        return x + 893


class P894(torch.nn.Module):
    def forward(self, x):
        return x + 894


class P895(torch.nn.Module):
    def forward(self, x):
        return x + 895


class P896(torch.nn.Module):
    def forward(self, x):
        return x + 896


class P897(torch.nn.Module):
    def forward(self, x):
        return x + 897


class P898(torch.nn.Module):
    def forward(self, x):
        return x + 898


class P899(torch.nn.Module):
    def forward(self, x):
        return x + 899


class P900(torch.nn.Module):
    def forward(self, x):
        return x + 900


class P901(torch.nn.Module):
    def forward(self, x):
        return x + 901


class P902(torch.nn.Module):
    def forward(self, x):
        return x + 902


class P903(torch.nn.Module):
    def forward(self, x):
        return x + 903


class P904(torch.nn.Module):
    def forward(self, x):
        return x + 904


class P905(torch.nn.Module):
    def forward(self, x):
        return x + 905


class P906(torch.nn.Module):
    def forward(self, x):
        return x + 906


class P907(torch.nn.Module):
    def forward(self, x):
        return x + 907


class P908(torch.nn.Module):
    def forward(self, x):
        return x + 908


class P909(torch.nn.Module):
    def forward(self, x):
        return x + 909


class P910(torch.nn.Module):
    def forward(self, x):
        return x + 910


class P911(torch.nn.Module):
    def forward(self, x):
        return x + 911


class P912(torch.nn.Module):
    def forward(self, x):
        return x + 912


class P913(torch.nn.Module):
    def forward(self, x):
        return x + 913


class P914(torch.nn.Module):
    def forward(self, x):
        return x + 914


class P915(torch.nn.Module):
    def forward(self, x):
        return x + 915


class P916(torch.nn.Module):
    def forward(self, x):
        return x + 916


class P917(torch.nn.Module):
    def forward(self, x):
        return x + 917


class P918(torch.nn.Module):
    def forward(self, x):
        return x + 918


class P919(torch.nn.Module):
    def forward(self, x):
        return x + 919


class P920(torch.nn.Module):
    def forward(self, x):
        return x + 920


class P921(torch.nn.Module):
    def forward(self, x):
        return x + 921


class P922(torch.nn.Module):
    def forward(self, x):
        return x + 922


class P923(torch.nn.Module):
    def forward(self, x):
        return x + 923


class P924(torch.nn.Module):
    def forward(self, x):
        return x + 924


class P925(torch.nn.Module):
    def forward(self, x):
        return x + 925


class P926(torch.nn.Module):
    def forward(self, x):
        return x + 926


class P927(torch.nn.Module):
    def forward(self, x):
        return x + 927


class P928(torch.nn.Module):
    def forward(self, x):
        return x + 928


class P929(torch.nn.Module):
    def forward(self, x):
        return x + 929


class P930(torch.nn.Module):
    def forward(self, x):
        return x + 930


class P931(torch.nn.Module):
    def forward(self, x):
        return x + 931


class P932(torch.nn.Module):
    def forward(self, x):
        return x + 932


class P933(torch.nn.Module):
    def forward(self, x):
        return x + 933


class P934(torch.nn.Module):
    def forward(self, x):
        return x + 934


class P935(torch.nn.Module):
    def forward(self, x):
        return x + 935


class P936(torch.nn.Module):
    def forward(self, x):
        return x + 936


class P937(torch.nn.Module):
    def forward(self, x):
        return x + 937


class P938(torch.nn.Module):
    def forward(self, x):
        return x + 938


class P939(torch.nn.Module):
    def forward(self, x):
        return x + 939


class P940(torch.nn.Module):
    def forward(self, x):
        return x + 940


class P941(torch.nn.Module):
    def forward(self, x):
        return x + 941


class P942(torch.nn.Module):
    def forward(self, x):
        return x + 942


class P943(torch.nn.Module):
    def forward(self, x):
        return x + 943


class P944(torch.nn.Module):
    def forward(self, x):
        return x + 944


class P945(torch.nn.Module):
    def forward(self, x):
        return x + 945


class P946(torch.nn.Module):
    def forward(self, x):
        return x + 946


class P947(torch.nn.Module):
    def forward(self, x):
        return x + 947


class P948(torch.nn.Module):
    def forward(self, x):
        return x + 948


class P949(torch.nn.Module):
    def forward(self, x):
        return x + 949


class P950(torch.nn.Module):
    def forward(self, x):
        return x + 950


class P951(torch.nn.Module):
    def forward(self, x):
        return x + 951


class P952(torch.nn.Module):
    def forward(self, x):
        return x + 952


class P953(torch.nn.Module):
    def forward(self, x):
        return x + 953


class P954(torch.nn.Module):
    def forward(self, x):
        return x + 954


class P955(torch.nn.Module):
    def forward(self, x):
        return x + 955


class P956(torch.nn.Module):
    def forward(self, x):
        return x + 956


class P957(torch.nn.Module):
    def forward(self, x):
        return x + 957


class P958(torch.nn.Module):
    def forward(self, x):
        return x + 958


class P959(torch.nn.Module):
    def forward(self, x):
        return x + 959


class P960(torch.nn.Module):
    def forward(self, x):
        return x + 960


class P961(torch.nn.Module):
    def forward(self, x):
        return x + 961


class P962(torch.nn.Module):
    def forward(self, x):
        return x + 962


class P963(torch.nn.Module):
    def forward(self, x):
        return x + 963


class P964(torch.nn.Module):
    def forward(self, x):
        return x + 964


class P965(torch.nn.Module):
    def forward(self, x):
        return x + 965


class P966(torch.nn.Module):
    def forward(self, x):
        return x + 966


class P967(torch.nn.Module):
    def forward(self, x):
        return x + 967


class P968(torch.nn.Module):
    def forward(self, x):
        return x + 968


class P969(torch.nn.Module):
    def forward(self, x):
        return x + 969


class P970(torch.nn.Module):
    def forward(self, x):
        return x + 970


class P971(torch.nn.Module):
    def forward(self, x):
        return x + 971


class P972(torch.nn.Module):
    def forward(self, x):
        return x + 972


class P973(torch.nn.Module):
    def forward(self, x):
        return x + 973


class P974(torch.nn.Module):
    def forward(self, x):
        return x + 974


class P975(torch.nn.Module):
    def forward(self, x):
        return x + 975


class P976(torch.nn.Module):
    def forward(self, x):
        return x + 976


class P977(torch.nn.Module):
    def forward(self, x):
        return x + 977


class P978(torch.nn.Module):
    def forward(self, x):
        return x + 978


class P979(torch.nn.Module):
    def forward(self, x):
        return x + 979


class P980(torch.nn.Module):
    def forward(self, x):
        return x + 980


class P981(torch.nn.Module):
    def forward(self, x):
        return x + 981


class P982(torch.nn.Module):
    def forward(self, x):
        return x + 982


class P983(torch.nn.Module):
    def forward(self, x):
        return x + 983


class P984(torch.nn.Module):
    def forward(self, x):
        return x + 984


class P985(torch.nn.Module):
    def forward(self, x):
        return x + 985


class P986(torch.nn.Module):
    def forward(self, x):
        return x + 986


class P987(torch.nn.Module):
    def forward(self, x):
        return x + 987


class P988(torch.nn.Module):
    def forward(self, x):
        return x + 988


class P989(torch.nn.Module):
    def forward(self, x):
        return x + 989


class P990(torch.nn.Module):
    def forward(self, x):
        return x + 990


class P991(torch.nn.Module):
    def forward(self, x):
        return x + 991


class P992(torch.nn.Module):
    def forward(self, x):
        return x + 992


class P993(torch.nn.Module):
    def forward(self, x):
        return x + 993


class P994(torch.nn.Module):
    def forward(self, x):
        return x + 994


class P995(torch.nn.Module):
    def forward(self, x):
        return x + 995


class P996(torch.nn.Module):
    def forward(self, x):
        return x + 996


class P997(torch.nn.Module):
    def forward(self, x):
        return x + 997


class P998(torch.nn.Module):
    def forward(self, x):
        return x + 998


class P999(torch.nn.Module):
    def forward(self, x):
        return x + 999


class P1000(torch.nn.Module):
    def forward(self, x):
        return x + 1000


class P1001(torch.nn.Module):
    def forward(self, x):
        return x + 1001


class P1002(torch.nn.Module):
    def forward(self, x):
        return x + 1002


class P1003(torch.nn.Module):
    def forward(self, x):
        return x + 1003


class P1004(torch.nn.Module):
    def forward(self, x):
        return x + 1004


class P1005(torch.nn.Module):
    def forward(self, x):
        return x + 1005


class P1006(torch.nn.Module):
    def forward(self, x):
        return x + 1006


class P1007(torch.nn.Module):
    def forward(self, x):
        return x + 1007


class P1008(torch.nn.Module):
    def forward(self, x):
        return x + 1008


class P1009(torch.nn.Module):
    def forward(self, x):
        return x + 1009


class P1010(torch.nn.Module):
    def forward(self, x):
        return x + 1010


class P1011(torch.nn.Module):
    def forward(self, x):
        return x + 1011


class P1012(torch.nn.Module):
    def forward(self, x):
        return x + 1012


class P1013(torch.nn.Module):
    def forward(self, x):
        return x + 1013


class P1014(torch.nn.Module):
    def forward(self, x):
        return x + 1014


class P1015(torch.nn.Module):
    def forward(self, x):
        return x + 1015


class P1016(torch.nn.Module):
    def forward(self, x):
        return x + 1016


class P1017(torch.nn.Module):
    def forward(self, x):
        return x + 1017


class P1018(torch.nn.Module):
    def forward(self, x):
        return x + 1018


class P1019(torch.nn.Module):
    def forward(self, x):
        return x + 1019


class P1020(torch.nn.Module):
    def forward(self, x):
        return x + 1020


class P1021(torch.nn.Module):
    def forward(self, x):
        return x + 1021


class P1022(torch.nn.Module):
    def forward(self, x):
        return x + 1022


class P1023(torch.nn.Module):
    def forward(self, x):
        return x + 1023


class P1024(torch.nn.Module):
    def forward(self, x):
        return x + 1024


class P1025(torch.nn.Module):
    def forward(self, x):
        return x + 1025


class P1026(torch.nn.Module):
    def forward(self, x):
        return x + 1026


class P1027(torch.nn.Module):
    def forward(self, x):
        return x + 1027


class P1028(torch.nn.Module):
    def forward(self, x):
        return x + 1028


class P1029(torch.nn.Module):
    def forward(self, x):
        return x + 1029


class P1030(torch.nn.Module):
    def forward(self, x):
        return x + 1030


class P1031(torch.nn.Module):
    def forward(self, x):
        return x + 1031


class P1032(torch.nn.Module):
    def forward(self, x):
        return x + 1032


class P1033(torch.nn.Module):
    def forward(self, x):
        return x + 1033


class P1034(torch.nn.Module):
    def forward(self, x):
        return x + 1034


class P1035(torch.nn.Module):
    def forward(self, x):
        return x + 1035


class P1036(torch.nn.Module):
    def forward(self, x):
        return x + 1036


class P1037(torch.nn.Module):
    def forward(self, x):
        return x + 1037


class P1038(torch.nn.Module):
    def forward(self, x):
        return x + 1038


class P1039(torch.nn.Module):
    def forward(self, x):
        return x + 1039


class P1040(torch.nn.Module):
    def forward(self, x):
        return x + 1040


class P1041(torch.nn.Module):
    def forward(self, x):
        return x + 1041


class P1042(torch.nn.Module):
    def forward(self, x):
        return x + 1042


class P1043(torch.nn.Module):
    def forward(self, x):
        return x + 1043


class P1044(torch.nn.Module):
    def forward(self, x):
        return x + 1044


class P1045(torch.nn.Module):
    def forward(self, x):
        return x + 1045


class P1046(torch.nn.Module):
    def forward(self, x):
        return x + 1046


class P1047(torch.nn.Module):
    def forward(self, x):
        return x + 1047


class P1048(torch.nn.Module):
    def forward(self, x):
        return x + 1048


class P1049(torch.nn.Module):
    def forward(self, x):
        return x + 1049


class P1050(torch.nn.Module):
    def forward(self, x):
        return x + 1050


class P1051(torch.nn.Module):
    def forward(self, x):
        return x + 1051


class P1052(torch.nn.Module):
    def forward(self, x):
        return x + 1052


class P1053(torch.nn.Module):
    def forward(self, x):
        return x + 1053


class P1054(torch.nn.Module):
    def forward(self, x):
        return x + 1054


class P1055(torch.nn.Module):
    def forward(self, x):
        return x + 1055


class P1056(torch.nn.Module):
    def forward(self, x):
        return x + 1056


class P1057(torch.nn.Module):
    def forward(self, x):
        return x + 1057


class P1058(torch.nn.Module):
    def forward(self, x):
        return x + 1058


class P1059(torch.nn.Module):
    def forward(self, x):
        return x + 1059


class P1060(torch.nn.Module):
    def forward(self, x):
        return x + 1060


class P1061(torch.nn.Module):
    def forward(self, x):
        return x + 1061


class P1062(torch.nn.Module):
    def forward(self, x):
        return x + 1062


class P1063(torch.nn.Module):
    def forward(self, x):
        return x + 1063


class P1064(torch.nn.Module):
    def forward(self, x):
        return x + 1064


class P1065(torch.nn.Module):
    def forward(self, x):
        return x + 1065


class P1066(torch.nn.Module):
    def forward(self, x):
        return x + 1066


class P1067(torch.nn.Module):
    def forward(self, x):
        return x + 1067


class P1068(torch.nn.Module):
    def forward(self, x):
        return x + 1068


class P1069(torch.nn.Module):
    def forward(self, x):
        return x + 1069


class P1070(torch.nn.Module):
    def forward(self, x):
        return x + 1070


class P1071(torch.nn.Module):
    def forward(self, x):
        return x + 1071


class P1072(torch.nn.Module):
    def forward(self, x):
        return x + 1072


class P1073(torch.nn.Module):
    def forward(self, x):
        return x + 1073


class P1074(torch.nn.Module):
    def forward(self, x):
        return x + 1074


class P1075(torch.nn.Module):
    def forward(self, x):
        return x + 1075


class P1076(torch.nn.Module):
    def forward(self, x):
        return x + 1076


class P1077(torch.nn.Module):
    def forward(self, x):
        return x + 1077


class P1078(torch.nn.Module):
    def forward(self, x):
        return x + 1078


class P1079(torch.nn.Module):
    def forward(self, x):
        return x + 1079


class P1080(torch.nn.Module):
    def forward(self, x):
        return x + 1080


class P1081(torch.nn.Module):
    def forward(self, x):
        return x + 1081


class P1082(torch.nn.Module):
    def forward(self, x):
        return x + 1082


class P1083(torch.nn.Module):
    def forward(self, x):
        return x + 1083


class P1084(torch.nn.Module):
    def forward(self, x):
        return x + 1084


class P1085(torch.nn.Module):
    def forward(self, x):
        return x + 1085


class P1086(torch.nn.Module):
    def forward(self, x):
        return x + 1086


class P1087(torch.nn.Module):
    def forward(self, x):
        return x + 1087


class P1088(torch.nn.Module):
    def forward(self, x):
        return x + 1088


class P1089(torch.nn.Module):
    def forward(self, x):
        return x + 1089


class P1090(torch.nn.Module):
    def forward(self, x):
        return x + 1090


class P1091(torch.nn.Module):
    def forward(self, x):
        return x + 1091


class P1092(torch.nn.Module):
    def forward(self, x):
        return x + 1092


class P1093(torch.nn.Module):
    def forward(self, x):
        return x + 1093


class P1094(torch.nn.Module):
    def forward(self, x):
        return x + 1094


class P1095(torch.nn.Module):
    def forward(self, x):
        return x + 1095


class P1096(torch.nn.Module):
    def forward(self, x):
        return x + 1096


class P1097(torch.nn.Module):
    def forward(self, x):
        return x + 1097


class P1098(torch.nn.Module):
    def forward(self, x):
        return x + 1098


class P1099(torch.nn.Module):
    def forward(self, x):
        return x + 1099


class P1100(torch.nn.Module):
    def forward(self, x):
        return x + 1100


class P1101(torch.nn.Module):
    def forward(self, x):
        return x + 1101


class P1102(torch.nn.Module):
    def forward(self, x):
        return x + 1102


class P1103(torch.nn.Module):
    def forward(self, x):
        return x + 1103


class P1104(torch.nn.Module):
    def forward(self, x):
        return x + 1104


class P1105(torch.nn.Module):
    def forward(self, x):
        return x + 1105


class P1106(torch.nn.Module):
    def forward(self, x):
        return x + 1106


class P1107(torch.nn.Module):
    def forward(self, x):
        return x + 1107


class P1108(torch.nn.Module):
    def forward(self, x):
        return x + 1108


class P1109(torch.nn.Module):
    def forward(self, x):
        return x + 1109


class P1110(torch.nn.Module):
    def forward(self, x):
        return x + 1110


class P1111(torch.nn.Module):
    def forward(self, x):
        return x + 1111


class P1112(torch.nn.Module):
    def forward(self, x):
        return x + 1112


class P1113(torch.nn.Module):
    def forward(self, x):
        return x + 1113


class P1114(torch.nn.Module):
    def forward(self, x):
        return x + 1114


class P1115(torch.nn.Module):
    def forward(self, x):
        return x + 1115


class P1116(torch.nn.Module):
    def forward(self, x):
        return x + 1116


class P1117(torch.nn.Module):
    def forward(self, x):
        return x + 1117


class P1118(torch.nn.Module):
    def forward(self, x):
        return x + 1118


class P1119(torch.nn.Module):
    def forward(self, x):
        return x + 1119


class P1120(torch.nn.Module):
    def forward(self, x):
        return x + 1120


class P1121(torch.nn.Module):
    def forward(self, x):
        return x + 1121


class P1122(torch.nn.Module):
    def forward(self, x):
        return x + 1122


class P1123(torch.nn.Module):
    def forward(self, x):
        return x + 1123


class P1124(torch.nn.Module):
    def forward(self, x):
        return x + 1124


class P1125(torch.nn.Module):
    def forward(self, x):
        return x + 1125


class P1126(torch.nn.Module):
    def forward(self, x):
        return x + 1126


class P1127(torch.nn.Module):
    def forward(self, x):
        return x + 1127


class P1128(torch.nn.Module):
    def forward(self, x):
        return x + 1128


class P1129(torch.nn.Module):
    def forward(self, x):
        return x + 1129


class P1130(torch.nn.Module):
    def forward(self, x):
        return x + 1130


class P1131(torch.nn.Module):
    def forward(self, x):
        return x + 1131


class P1132(torch.nn.Module):
    def forward(self, x):
        return x + 1132


class P1133(torch.nn.Module):
    def forward(self, x):
        return x + 1133


class P1134(torch.nn.Module):
    def forward(self, x):
        return x + 1134


class P1135(torch.nn.Module):
    def forward(self, x):
        return x + 1135


class P1136(torch.nn.Module):
    def forward(self, x):
        return x + 1136


class P1137(torch.nn.Module):
    def forward(self, x):
        return x + 1137


class P1138(torch.nn.Module):
    def forward(self, x):
        return x + 1138


class P1139(torch.nn.Module):
    def forward(self, x):
        return x + 1139


class P1140(torch.nn.Module):
    def forward(self, x):
        return x + 1140


class P1141(torch.nn.Module):
    def forward(self, x):
        return x + 1141


class P1142(torch.nn.Module):
    def forward(self, x):
        return x + 1142


class P1143(torch.nn.Module):
    def forward(self, x):
        return x + 1143


class P1144(torch.nn.Module):
    def forward(self, x):
        return x + 1144


class P1145(torch.nn.Module):
    def forward(self, x):
        return x + 1145


class P1146(torch.nn.Module):
    def forward(self, x):
        return x + 1146


class P1147(torch.nn.Module):
    def forward(self, x):
        return x + 1147


class P1148(torch.nn.Module):
    def forward(self, x):
        return x + 1148


class P1149(torch.nn.Module):
    def forward(self, x):
        return x + 1149


class P1150(torch.nn.Module):
    def forward(self, x):
        return x + 1150


class P1151(torch.nn.Module):
    def forward(self, x):
        return x + 1151


class P1152(torch.nn.Module):
    def forward(self, x):
        return x + 1152


class P1153(torch.nn.Module):
    def forward(self, x):
        return x + 1153


class P1154(torch.nn.Module):
    def forward(self, x):
        return x + 1154


class P1155(torch.nn.Module):
    def forward(self, x):
        return x + 1155


class P1156(torch.nn.Module):
    def forward(self, x):
        return x + 1156


class P1157(torch.nn.Module):
    def forward(self, x):
        return x + 1157


class P1158(torch.nn.Module):
    def forward(self, x):
        return x + 1158


class P1159(torch.nn.Module):
    def forward(self, x):
        return x + 1159


class P1160(torch.nn.Module):
    def forward(self, x):
        return x + 1160


class P1161(torch.nn.Module):
    def forward(self, x):
        return x + 1161


class P1162(torch.nn.Module):
    def forward(self, x):
        return x + 1162


class P1163(torch.nn.Module):
    def forward(self, x):
        return x + 1163


class P1164(torch.nn.Module):
    def forward(self, x):
        return x + 1164


class P1165(torch.nn.Module):
    def forward(self, x):
        return x + 1165


class P1166(torch.nn.Module):
    def forward(self, x):
        return x + 1166


class P1167(torch.nn.Module):
    def forward(self, x):
        return x + 1167


class P1168(torch.nn.Module):
    def forward(self, x):
        return x + 1168


class P1169(torch.nn.Module):
    def forward(self, x):
        return x + 1169


class P1170(torch.nn.Module):
    def forward(self, x):
        return x + 1170


class P1171(torch.nn.Module):
    def forward(self, x):
        return x + 1171


class P1172(torch.nn.Module):
    def forward(self, x):
        return x + 1172


class P1173(torch.nn.Module):
    def forward(self, x):
        return x + 1173


class P1174(torch.nn.Module):
    def forward(self, x):
        return x + 1174


class P1175(torch.nn.Module):
    def forward(self, x):
        return x + 1175


class P1176(torch.nn.Module):
    def forward(self, x):
        return x + 1176


class P1177(torch.nn.Module):
    def forward(self, x):
        return x + 1177


class P1178(torch.nn.Module):
    def forward(self, x):
        return x + 1178


class P1179(torch.nn.Module):
    def forward(self, x):
        return x + 1179


class P1180(torch.nn.Module):
    def forward(self, x):
        return x + 1180


class P1181(torch.nn.Module):
    def forward(self, x):
        return x + 1181


class P1182(torch.nn.Module):
    def forward(self, x):
        return x + 1182


class P1183(torch.nn.Module):
    def forward(self, x):
        return x + 1183


class P1184(torch.nn.Module):
    def forward(self, x):
        return x + 1184


class P1185(torch.nn.Module):
    def forward(self, x):
        return x + 1185


class P1186(torch.nn.Module):
    def forward(self, x):
        return x + 1186


class P1187(torch.nn.Module):
    def forward(self, x):
        return x + 1187


class P1188(torch.nn.Module):
    def forward(self, x):
        return x + 1188


class P1189(torch.nn.Module):
    def forward(self, x):
        return x + 1189


class P1190(torch.nn.Module):
    def forward(self, x):
        return x + 1190


class P1191(torch.nn.Module):
    def forward(self, x):
        return x + 1191


class P1192(torch.nn.Module):
    def forward(self, x):
        return x + 1192


class P1193(torch.nn.Module):
    def forward(self, x):
        return x + 1193


class P1194(torch.nn.Module):
    def forward(self, x):
        return x + 1194


class P1195(torch.nn.Module):
    def forward(self, x):
        return x + 1195


class P1196(torch.nn.Module):
    def forward(self, x):
        return x + 1196


class P1197(torch.nn.Module):
    def forward(self, x):
        return x + 1197


class P1198(torch.nn.Module):
    def forward(self, x):
        return x + 1198


class P1199(torch.nn.Module):
    def forward(self, x):
        return x + 1199


class P1200(torch.nn.Module):
    def forward(self, x):
        return x + 1200


class P1201(torch.nn.Module):
    def forward(self, x):
        return x + 1201


class P1202(torch.nn.Module):
    def forward(self, x):
        return x + 1202


class P1203(torch.nn.Module):
    def forward(self, x):
        return x + 1203


class P1204(torch.nn.Module):
    def forward(self, x):
        return x + 1204


class P1205(torch.nn.Module):
    def forward(self, x):
        return x + 1205


class P1206(torch.nn.Module):
    def forward(self, x):
        return x + 1206


class P1207(torch.nn.Module):
    def forward(self, x):
        return x + 1207


class P1208(torch.nn.Module):
    def forward(self, x):
        return x + 1208


class P1209(torch.nn.Module):
    def forward(self, x):
        return x + 1209


class P1210(torch.nn.Module):
    def forward(self, x):
        return x + 1210


class P1211(torch.nn.Module):
    def forward(self, x):
        return x + 1211


class P1212(torch.nn.Module):
    def forward(self, x):
        return x + 1212


class P1213(torch.nn.Module):
    def forward(self, x):
        return x + 1213


class P1214(torch.nn.Module):
    def forward(self, x):
        return x + 1214


class P1215(torch.nn.Module):
    def forward(self, x):
        return x + 1215


class P1216(torch.nn.Module):
    def forward(self, x):
        return x + 1216


class P1217(torch.nn.Module):
    def forward(self, x):
        return x + 1217


class P1218(torch.nn.Module):
    def forward(self, x):
        return x + 1218


class P1219(torch.nn.Module):
    def forward(self, x):
        return x + 1219


class P1220(torch.nn.Module):
    def forward(self, x):
        return x + 1220


class P1221(torch.nn.Module):
    def forward(self, x):
        return x + 1221


class P1222(torch.nn.Module):
    def forward(self, x):
        return x + 1222


class P1223(torch.nn.Module):
    def forward(self, x):
        return x + 1223


class P1224(torch.nn.Module):
    def forward(self, x):
        return x + 1224


class P1225(torch.nn.Module):
    def forward(self, x):
        return x + 1225


class P1226(torch.nn.Module):
    def forward(self, x):
        return x + 1226


class P1227(torch.nn.Module):
    def forward(self, x):
        return x + 1227


class P1228(torch.nn.Module):
    def forward(self, x):
        return x + 1228


class P1229(torch.nn.Module):
    def forward(self, x):
        return x + 1229


class P1230(torch.nn.Module):
    def forward(self, x):
        return x + 1230


class P1231(torch.nn.Module):
    def forward(self, x):
        return x + 1231


class P1232(torch.nn.Module):
    def forward(self, x):
        return x + 1232


class P1233(torch.nn.Module):
    def forward(self, x):
        return x + 1233


class P1234(torch.nn.Module):
    def forward(self, x):
        return x + 1234


class P1235(torch.nn.Module):
    def forward(self, x):
        return x + 1235


class P1236(torch.nn.Module):
    def forward(self, x):
        return x + 1236


class P1237(torch.nn.Module):
    def forward(self, x):
        return x + 1237


class P1238(torch.nn.Module):
    def forward(self, x):
        return x + 1238


class P1239(torch.nn.Module):
    def forward(self, x):
        return x + 1239


class P1240(torch.nn.Module):
    def forward(self, x):
        return x + 1240


class P1241(torch.nn.Module):
    def forward(self, x):
        return x + 1241


class P1242(torch.nn.Module):
    def forward(self, x):
        return x + 1242


class P1243(torch.nn.Module):
    def forward(self, x):
        return x + 1243


class P1244(torch.nn.Module):
    def forward(self, x):
        return x + 1244


class P1245(torch.nn.Module):
    def forward(self, x):
        return x + 1245


class P1246(torch.nn.Module):
    def forward(self, x):
        return x + 1246


class P1247(torch.nn.Module):
    def forward(self, x):
        return x + 1247


class P1248(torch.nn.Module):
    def forward(self, x):
        return x + 1248


class P1249(torch.nn.Module):
    def forward(self, x):
        return x + 1249


class P1250(torch.nn.Module):
    def forward(self, x):
        return x + 1250


class P1251(torch.nn.Module):
    def forward(self, x):
        return x + 1251


class P1252(torch.nn.Module):
    def forward(self, x):
        return x + 1252


class P1253(torch.nn.Module):
    def forward(self, x):
        return x + 1253


class P1254(torch.nn.Module):
    def forward(self, x):
        return x + 1254


class P1255(torch.nn.Module):
    def forward(self, x):
        return x + 1255


class P1256(torch.nn.Module):
    def forward(self, x):
        return x + 1256


class P1257(torch.nn.Module):
    def forward(self, x):
        return x + 1257


class P1258(torch.nn.Module):
    def forward(self, x):
        return x + 1258


class P1259(torch.nn.Module):
    def forward(self, x):
        return x + 1259


class P1260(torch.nn.Module):
    def forward(self, x):
        return x + 1260


class P1261(torch.nn.Module):
    def forward(self, x):
        return x + 1261


class P1262(torch.nn.Module):
    def forward(self, x):
        return x + 1262


class P1263(torch.nn.Module):
    def forward(self, x):
        return x + 1263


class P1264(torch.nn.Module):
    def forward(self, x):
        return x + 1264


class P1265(torch.nn.Module):
    def forward(self, x):
        return x + 1265


class P1266(torch.nn.Module):
    def forward(self, x):
        return x + 1266


class P1267(torch.nn.Module):
    def forward(self, x):
        return x + 1267


class P1268(torch.nn.Module):
    def forward(self, x):
        return x + 1268


class P1269(torch.nn.Module):
    def forward(self, x):
        return x + 1269


class P1270(torch.nn.Module):
    def forward(self, x):
        return x + 1270


class P1271(torch.nn.Module):
    def forward(self, x):
        return x + 1271


class P1272(torch.nn.Module):
    def forward(self, x):
        return x + 1272


class P1273(torch.nn.Module):
    def forward(self, x):
        return x + 1273


class P1274(torch.nn.Module):
    def forward(self, x):
        return x + 1274


class P1275(torch.nn.Module):
    def forward(self, x):
        return x + 1275


class P1276(torch.nn.Module):
    def forward(self, x):
        return x + 1276


class P1277(torch.nn.Module):
    def forward(self, x):
        return x + 1277


class P1278(torch.nn.Module):
    def forward(self, x):
        return x + 1278


class P1279(torch.nn.Module):
    def forward(self, x):
        return x + 1279


class P1280(torch.nn.Module):
    def forward(self, x):
        return x + 1280


class P1281(torch.nn.Module):
    def forward(self, x):
        return x + 1281


class P1282(torch.nn.Module):
    def forward(self, x):
        return x + 1282


class P1283(torch.nn.Module):
    def forward(self, x):
        return x + 1283


class P1284(torch.nn.Module):
    def forward(self, x):
        return x + 1284


class P1285(torch.nn.Module):
    def forward(self, x):
        return x + 1285


class P1286(torch.nn.Module):
    def forward(self, x):
        return x + 1286


class P1287(torch.nn.Module):
    def forward(self, x):
        return x + 1287


class P1288(torch.nn.Module):
    def forward(self, x):
        return x + 1288


class P1289(torch.nn.Module):
    def forward(self, x):
        return x + 1289


class P1290(torch.nn.Module):
    def forward(self, x):
        return x + 1290


class P1291(torch.nn.Module):
    def forward(self, x):
        return x + 1291


class P1292(torch.nn.Module):
    def forward(self, x):
        return x + 1292


class P1293(torch.nn.Module):
    def forward(self, x):
        return x + 1293


class P1294(torch.nn.Module):
    def forward(self, x):
        return x + 1294


class P1295(torch.nn.Module):
    def forward(self, x):
        return x + 1295


class P1296(torch.nn.Module):
    def forward(self, x):
        return x + 1296


class P1297(torch.nn.Module):
    def forward(self, x):
        return x + 1297


class P1298(torch.nn.Module):
    def forward(self, x):
        return x + 1298


class P1299(torch.nn.Module):
    def forward(self, x):
        return x + 1299


class P1300(torch.nn.Module):
    def forward(self, x):
        return x + 1300


class P1301(torch.nn.Module):
    def forward(self, x):
        return x + 1301


class P1302(torch.nn.Module):
    def forward(self, x):
        return x + 1302


class P1303(torch.nn.Module):
    def forward(self, x):
        return x + 1303


class P1304(torch.nn.Module):
    def forward(self, x):
        return x + 1304


class P1305(torch.nn.Module):
    def forward(self, x):
        return x + 1305


class P1306(torch.nn.Module):
    def forward(self, x):
        return x + 1306


class P1307(torch.nn.Module):
    def forward(self, x):
        return x + 1307


class P1308(torch.nn.Module):
    def forward(self, x):
        return x + 1308


class P1309(torch.nn.Module):
    def forward(self, x):
        return x + 1309


class P1310(torch.nn.Module):
    def forward(self, x):
        return x + 1310


class P1311(torch.nn.Module):
    def forward(self, x):
        return x + 1311


class P1312(torch.nn.Module):
    def forward(self, x):
        return x + 1312


class P1313(torch.nn.Module):
    def forward(self, x):
        return x + 1313


class P1314(torch.nn.Module):
    def forward(self, x):
        return x + 1314


class P1315(torch.nn.Module):
    def forward(self, x):
        return x + 1315


class P1316(torch.nn.Module):
    def forward(self, x):
        return x + 1316


class P1317(torch.nn.Module):
    def forward(self, x):
        return x + 1317


class P1318(torch.nn.Module):
    def forward(self, x):
        return x + 1318


class P1319(torch.nn.Module):
    def forward(self, x):
        return x + 1319


class P1320(torch.nn.Module):
    def forward(self, x):
        return x + 1320


class P1321(torch.nn.Module):
    def forward(self, x):
        return x + 1321


class P1322(torch.nn.Module):
    def forward(self, x):
        return x + 1322


class P1323(torch.nn.Module):
    def forward(self, x):
        return x + 1323


class P1324(torch.nn.Module):
    def forward(self, x):
        return x + 1324


class P1325(torch.nn.Module):
    def forward(self, x):
        return x + 1325


class P1326(torch.nn.Module):
    def forward(self, x):
        return x + 1326


class P1327(torch.nn.Module):
    def forward(self, x):
        return x + 1327


class P1328(torch.nn.Module):
    def forward(self, x):
        return x + 1328


class P1329(torch.nn.Module):
    def forward(self, x):
        return x + 1329


class P1330(torch.nn.Module):
    def forward(self, x):
        return x + 1330


class P1331(torch.nn.Module):
    def forward(self, x):
        return x + 1331


class P1332(torch.nn.Module):
    def forward(self, x):
        return x + 1332


class P1333(torch.nn.Module):
    def forward(self, x):
        return x + 1333


class P1334(torch.nn.Module):
    def forward(self, x):
        return x + 1334


class P1335(torch.nn.Module):
    def forward(self, x):
        return x + 1335


class P1336(torch.nn.Module):
    def forward(self, x):
        return x + 1336


class P1337(torch.nn.Module):
    def forward(self, x):
        return x + 1337


class P1338(torch.nn.Module):
    def forward(self, x):
        return x + 1338


class P1339(torch.nn.Module):
    def forward(self, x):
        return x + 1339


class P1340(torch.nn.Module):
    def forward(self, x):
        return x + 1340


class P1341(torch.nn.Module):
    def forward(self, x):
        return x + 1341


class P1342(torch.nn.Module):
    def forward(self, x):
        return x + 1342


class P1343(torch.nn.Module):
    def forward(self, x):
        return x + 1343


class P1344(torch.nn.Module):
    def forward(self, x):
        return x + 1344


class P1345(torch.nn.Module):
    def forward(self, x):
        return x + 1345


class P1346(torch.nn.Module):
    def forward(self, x):
        return x + 1346


class P1347(torch.nn.Module):
    def forward(self, x):
        return x + 1347


class P1348(torch.nn.Module):
    def forward(self, x):
        return x + 1348


class P1349(torch.nn.Module):
    def forward(self, x):
        return x + 1349


class P1350(torch.nn.Module):
    def forward(self, x):
        return x + 1350


class P1351(torch.nn.Module):
    def forward(self, x):
        return x + 1351


class P1352(torch.nn.Module):
    def forward(self, x):
        return x + 1352


class P1353(torch.nn.Module):
    def forward(self, x):
        return x + 1353


class P1354(torch.nn.Module):
    def forward(self, x):
        return x + 1354


class P1355(torch.nn.Module):
    def forward(self, x):
        return x + 1355


class P1356(torch.nn.Module):
    def forward(self, x):
        return x + 1356


class P1357(torch.nn.Module):
    def forward(self, x):
        return x + 1357


class P1358(torch.nn.Module):
    def forward(self, x):
        return x + 1358


class P1359(torch.nn.Module):
    def forward(self, x):
        return x + 1359


class P1360(torch.nn.Module):
    def forward(self, x):
        return x + 1360


class P1361(torch.nn.Module):
    def forward(self, x):
        return x + 1361


class P1362(torch.nn.Module):
    def forward(self, x):
        return x + 1362


class P1363(torch.nn.Module):
    def forward(self, x):
        return x + 1363


class P1364(torch.nn.Module):
    def forward(self, x):
        return x + 1364


class P1365(torch.nn.Module):
    def forward(self, x):
        return x + 1365


class P1366(torch.nn.Module):
    def forward(self, x):
        return x + 1366


class P1367(torch.nn.Module):
    def forward(self, x):
        return x + 1367


class P1368(torch.nn.Module):
    def forward(self, x):
        return x + 1368


class P1369(torch.nn.Module):
    def forward(self, x):
        return x + 1369


class P1370(torch.nn.Module):
    def forward(self, x):
        return x + 1370


class P1371(torch.nn.Module):
    def forward(self, x):
        return x + 1371


class P1372(torch.nn.Module):
    def forward(self, x):
        return x + 1372


class P1373(torch.nn.Module):
    def forward(self, x):
        return x + 1373


class P1374(torch.nn.Module):
    def forward(self, x):
        return x + 1374


class P1375(torch.nn.Module):
    def forward(self, x):
        return x + 1375


class P1376(torch.nn.Module):
    def forward(self, x):
        return x + 1376


class P1377(torch.nn.Module):
    def forward(self, x):
        return x + 1377


class P1378(torch.nn.Module):
    def forward(self, x):
        return x + 1378


class P1379(torch.nn.Module):
    def forward(self, x):
        return x + 1379


class P1380(torch.nn.Module):
    def forward(self, x):
        return x + 1380


class P1381(torch.nn.Module):
    def forward(self, x):
        return x + 1381


class P1382(torch.nn.Module):
    def forward(self, x):
        return x + 1382


class P1383(torch.nn.Module):
    def forward(self, x):
        return x + 1383


class P1384(torch.nn.Module):
    def forward(self, x):
        return x + 1384


class P1385(torch.nn.Module):
    def forward(self, x):
        return x + 1385


class P1386(torch.nn.Module):
    def forward(self, x):
        return x + 1386


class P1387(torch.nn.Module):
    def forward(self, x):
        return x + 1387


class P1388(torch.nn.Module):
    def forward(self, x):
        return x + 1388


class P1389(torch.nn.Module):
    def forward(self, x):
        return x + 1389


class P1390(torch.nn.Module):
    def forward(self, x):
        return x + 1390


class P1391(torch.nn.Module):
    def forward(self, x):
        return x + 1391


class P1392(torch.nn.Module):
    def forward(self, x):
        return x + 1392


class P1393(torch.nn.Module):
    def forward(self, x):
        return x + 1393


class P1394(torch.nn.Module):
    def forward(self, x):
        return x + 1394


class P1395(torch.nn.Module):
    def forward(self, x):
        return x + 1395


class P1396(torch.nn.Module):
    def forward(self, x):
        return x + 1396


class P1397(torch.nn.Module):
    def forward(self, x):
        return x + 1397


class P1398(torch.nn.Module):
    def forward(self, x):
        return x + 1398


class P1399(torch.nn.Module):
    def forward(self, x):
        return x + 1399


class P1400(torch.nn.Module):
    def forward(self, x):
        return x + 1400


class P1401(torch.nn.Module):
    def forward(self, x):
        return x + 1401


class P1402(torch.nn.Module):
    def forward(self, x):
        return x + 1402


class P1403(torch.nn.Module):
    def forward(self, x):
        return x + 1403


class P1404(torch.nn.Module):
    def forward(self, x):
        return x + 1404


class P1405(torch.nn.Module):
    def forward(self, x):
        return x + 1405


class P1406(torch.nn.Module):
    def forward(self, x):
        return x + 1406


class P1407(torch.nn.Module):
    def forward(self, x):
        return x + 1407


class P1408(torch.nn.Module):
    def forward(self, x):
        return x + 1408


class P1409(torch.nn.Module):
    def forward(self, x):
        return x + 1409


class P1410(torch.nn.Module):
    def forward(self, x):
        return x + 1410


class P1411(torch.nn.Module):
    def forward(self, x):
        return x + 1411


class P1412(torch.nn.Module):
    def forward(self, x):
        return x + 1412


class P1413(torch.nn.Module):
    def forward(self, x):
        return x + 1413


class P1414(torch.nn.Module):
    def forward(self, x):
        return x + 1414


class P1415(torch.nn.Module):
    def forward(self, x):
        return x + 1415


class P1416(torch.nn.Module):
    def forward(self, x):
        return x + 1416


class P1417(torch.nn.Module):
    def forward(self, x):
        return x + 1417


class P1418(torch.nn.Module):
    def forward(self, x):
        return x + 1418


class P1419(torch.nn.Module):
    def forward(self, x):
        return x + 1419


class P1420(torch.nn.Module):
    def forward(self, x):
        return x + 1420


class P1421(torch.nn.Module):
    def forward(self, x):
        return x + 1421


class P1422(torch.nn.Module):
    def forward(self, x):
        return x + 1422


class P1423(torch.nn.Module):
    def forward(self, x):
        return x + 1423


class P1424(torch.nn.Module):
    def forward(self, x):
        return x + 1424


class P1425(torch.nn.Module):
    def forward(self, x):
        return x + 1425


class P1426(torch.nn.Module):
    def forward(self, x):
        return x + 1426


class P1427(torch.nn.Module):
    def forward(self, x):
        return x + 1427


class P1428(torch.nn.Module):
    def forward(self, x):
        return x + 1428


class P1429(torch.nn.Module):
    def forward(self, x):
        return x + 1429


class P1430(torch.nn.Module):
    def forward(self, x):
        return x + 1430


class P1431(torch.nn.Module):
    def forward(self, x):
        return x + 1431


class P1432(torch.nn.Module):
    def forward(self, x):
        return x + 1432


class P1433(torch.nn.Module):
    def forward(self, x):
        return x + 1433


class P1434(torch.nn.Module):
    def forward(self, x):
        return x + 1434


class P1435(torch.nn.Module):
    def forward(self, x):
        return x + 1435


class P1436(torch.nn.Module):
    def forward(self, x):
        return x + 1436


class P1437(torch.nn.Module):
    def forward(self, x):
        return x + 1437


class P1438(torch.nn.Module):
    def forward(self, x):
        return x + 1438


class P1439(torch.nn.Module):
    def forward(self, x):
        return x + 1439


class P1440(torch.nn.Module):
    def forward(self, x):
        return x + 1440


class P1441(torch.nn.Module):
    def forward(self, x):
        return x + 1441


class P1442(torch.nn.Module):
    def forward(self, x):
        return x + 1442


class P1443(torch.nn.Module):
    def forward(self, x):
        return x + 1443


class P1444(torch.nn.Module):
    def forward(self, x):
        return x + 1444


class P1445(torch.nn.Module):
    def forward(self, x):
        return x + 1445


class P1446(torch.nn.Module):
    def forward(self, x):
        return x + 1446


class P1447(torch.nn.Module):
    def forward(self, x):
        return x + 1447


class P1448(torch.nn.Module):
    def forward(self, x):
        return x + 1448


class P1449(torch.nn.Module):
    def forward(self, x):
        return x + 1449


class P1450(torch.nn.Module):
    def forward(self, x):
        return x + 1450


class P1451(torch.nn.Module):
    def forward(self, x):
        return x + 1451


class P1452(torch.nn.Module):
    def forward(self, x):
        return x + 1452


class P1453(torch.nn.Module):
    def forward(self, x):
        return x + 1453


class P1454(torch.nn.Module):
    def forward(self, x):
        return x + 1454


class P1455(torch.nn.Module):
    def forward(self, x):
        return x + 1455


class P1456(torch.nn.Module):
    def forward(self, x):
        return x + 1456


class P1457(torch.nn.Module):
    def forward(self, x):
        return x + 1457


class P1458(torch.nn.Module):
    def forward(self, x):
        return x + 1458


class P1459(torch.nn.Module):
    def forward(self, x):
        return x + 1459


class P1460(torch.nn.Module):
    def forward(self, x):
        return x + 1460


class P1461(torch.nn.Module):
    def forward(self, x):
        return x + 1461


class P1462(torch.nn.Module):
    def forward(self, x):
        return x + 1462


class P1463(torch.nn.Module):
    def forward(self, x):
        return x + 1463


class P1464(torch.nn.Module):
    def forward(self, x):
        return x + 1464


class P1465(torch.nn.Module):
    def forward(self, x):
        return x + 1465


class P1466(torch.nn.Module):
    def forward(self, x):
        return x + 1466


class P1467(torch.nn.Module):
    def forward(self, x):
        return x + 1467


class P1468(torch.nn.Module):
    def forward(self, x):
        return x + 1468


class P1469(torch.nn.Module):
    def forward(self, x):
        return x + 1469


class P1470(torch.nn.Module):
    def forward(self, x):
        return x + 1470


class P1471(torch.nn.Module):
    def forward(self, x):
        return x + 1471


class P1472(torch.nn.Module):
    def forward(self, x):
        return x + 1472


class P1473(torch.nn.Module):
    def forward(self, x):
        return x + 1473


class P1474(torch.nn.Module):
    def forward(self, x):
        return x + 1474


class P1475(torch.nn.Module):
    def forward(self, x):
        return x + 1475


class P1476(torch.nn.Module):
    def forward(self, x):
        return x + 1476


class P1477(torch.nn.Module):
    def forward(self, x):
        return x + 1477


class P1478(torch.nn.Module):
    def forward(self, x):
        return x + 1478


class P1479(torch.nn.Module):
    def forward(self, x):
        return x + 1479


class P1480(torch.nn.Module):
    def forward(self, x):
        return x + 1480


class P1481(torch.nn.Module):
    def forward(self, x):
        return x + 1481


class P1482(torch.nn.Module):
    def forward(self, x):
        return x + 1482


class P1483(torch.nn.Module):
    def forward(self, x):
        return x + 1483


class P1484(torch.nn.Module):
    def forward(self, x):
        return x + 1484


class P1485(torch.nn.Module):
    def forward(self, x):
        return x + 1485


class P1486(torch.nn.Module):
    def forward(self, x):
        return x + 1486


class P1487(torch.nn.Module):
    def forward(self, x):
        return x + 1487


class P1488(torch.nn.Module):
    def forward(self, x):
        return x + 1488


class P1489(torch.nn.Module):
    def forward(self, x):
        return x + 1489


class P1490(torch.nn.Module):
    def forward(self, x):
        return x + 1490


class P1491(torch.nn.Module):
    def forward(self, x):
        return x + 1491


class P1492(torch.nn.Module):
    def forward(self, x):
        return x + 1492


class P1493(torch.nn.Module):
    def forward(self, x):
        return x + 1493


class P1494(torch.nn.Module):
    def forward(self, x):
        return x + 1494


class P1495(torch.nn.Module):
    def forward(self, x):
        return x + 1495


class P1496(torch.nn.Module):
    def forward(self, x):
        return x + 1496


class P1497(torch.nn.Module):
    def forward(self, x):
        return x + 1497


class P1498(torch.nn.Module):
    def forward(self, x):
        return x + 1498


class P1499(torch.nn.Module):
    def forward(self, x):
        return x + 1499


class P1500(torch.nn.Module):
    def forward(self, x):
        return x + 1500


class P1501(torch.nn.Module):
    def forward(self, x):
        return x + 1501


class P1502(torch.nn.Module):
    def forward(self, x):
        return x + 1502


class P1503(torch.nn.Module):
    def forward(self, x):
        return x + 1503


class P1504(torch.nn.Module):
    def forward(self, x):
        return x + 1504


class P1505(torch.nn.Module):
    def forward(self, x):
        return x + 1505


class P1506(torch.nn.Module):
    def forward(self, x):
        return x + 1506


class P1507(torch.nn.Module):
    def forward(self, x):
        return x + 1507


class P1508(torch.nn.Module):
    def forward(self, x):
        return x + 1508


class P1509(torch.nn.Module):
    def forward(self, x):
        return x + 1509


class P1510(torch.nn.Module):
    def forward(self, x):
        return x + 1510


class P1511(torch.nn.Module):
    def forward(self, x):
        return x + 1511


class P1512(torch.nn.Module):
    def forward(self, x):
        return x + 1512


class P1513(torch.nn.Module):
    def forward(self, x):
        return x + 1513


class P1514(torch.nn.Module):
    def forward(self, x):
        return x + 1514


class P1515(torch.nn.Module):
    def forward(self, x):
        return x + 1515


class P1516(torch.nn.Module):
    def forward(self, x):
        return x + 1516


class P1517(torch.nn.Module):
    def forward(self, x):
        return x + 1517


class P1518(torch.nn.Module):
    def forward(self, x):
        return x + 1518


class P1519(torch.nn.Module):
    def forward(self, x):
        return x + 1519


class P1520(torch.nn.Module):
    def forward(self, x):
        return x + 1520


class P1521(torch.nn.Module):
    def forward(self, x):
        return x + 1521


class P1522(torch.nn.Module):
    def forward(self, x):
        return x + 1522


class P1523(torch.nn.Module):
    def forward(self, x):
        return x + 1523


class P1524(torch.nn.Module):
    def forward(self, x):
        return x + 1524


class P1525(torch.nn.Module):
    def forward(self, x):
        return x + 1525


class P1526(torch.nn.Module):
    def forward(self, x):
        return x + 1526


class P1527(torch.nn.Module):
    def forward(self, x):
        return x + 1527


class P1528(torch.nn.Module):
    def forward(self, x):
        return x + 1528


class P1529(torch.nn.Module):
    def forward(self, x):
        return x + 1529


class P1530(torch.nn.Module):
    def forward(self, x):
        return x + 1530


class P1531(torch.nn.Module):
    def forward(self, x):
        return x + 1531


class P1532(torch.nn.Module):
    def forward(self, x):
        return x + 1532


class P1533(torch.nn.Module):
    def forward(self, x):
        return x + 1533


class P1534(torch.nn.Module):
    def forward(self, x):
        return x + 1534


class P1535(torch.nn.Module):
    def forward(self, x):
        return x + 1535


class P1536(torch.nn.Module):
    def forward(self, x):
        return x + 1536


class P1537(torch.nn.Module):
    def forward(self, x):
        return x + 1537


class P1538(torch.nn.Module):
    def forward(self, x):
        return x + 1538


class P1539(torch.nn.Module):
    def forward(self, x):
        return x + 1539


class P1540(torch.nn.Module):
    def forward(self, x):
        return x + 1540


class P1541(torch.nn.Module):
    def forward(self, x):
        return x + 1541


class P1542(torch.nn.Module):
    def forward(self, x):
        return x + 1542


class P1543(torch.nn.Module):
    def forward(self, x):
        return x + 1543


class P1544(torch.nn.Module):
    def forward(self, x):
        return x + 1544


class P1545(torch.nn.Module):
    def forward(self, x):
        return x + 1545


class P1546(torch.nn.Module):
    def forward(self, x):
        return x + 1546


class P1547(torch.nn.Module):
    def forward(self, x):
        return x + 1547


class P1548(torch.nn.Module):
    def forward(self, x):
        return x + 1548


class P1549(torch.nn.Module):
    def forward(self, x):
        return x + 1549


class P1550(torch.nn.Module):
    def forward(self, x):
        return x + 1550


class P1551(torch.nn.Module):
    def forward(self, x):
        return x + 1551


class P1552(torch.nn.Module):
    def forward(self, x):
        return x + 1552


class P1553(torch.nn.Module):
    def forward(self, x):
        return x + 1553


class P1554(torch.nn.Module):
    def forward(self, x):
        return x + 1554


class P1555(torch.nn.Module):
    def forward(self, x):
        return x + 1555


class P1556(torch.nn.Module):
    def forward(self, x):
        return x + 1556


class P1557(torch.nn.Module):
    def forward(self, x):
        return x + 1557


class P1558(torch.nn.Module):
    def forward(self, x):
        return x + 1558


class P1559(torch.nn.Module):
    def forward(self, x):
        return x + 1559


class P1560(torch.nn.Module):
    def forward(self, x):
        return x + 1560


class P1561(torch.nn.Module):
    def forward(self, x):
        return x + 1561


class P1562(torch.nn.Module):
    def forward(self, x):
        return x + 1562


class P1563(torch.nn.Module):
    def forward(self, x):
        return x + 1563


class P1564(torch.nn.Module):
    def forward(self, x):
        return x + 1564


class P1565(torch.nn.Module):
    def forward(self, x):
        return x + 1565


class P1566(torch.nn.Module):
    def forward(self, x):
        return x + 1566


class P1567(torch.nn.Module):
    def forward(self, x):
        return x + 1567


class P1568(torch.nn.Module):
    def forward(self, x):
        return x + 1568


class P1569(torch.nn.Module):
    def forward(self, x):
        return x + 1569


class P1570(torch.nn.Module):
    def forward(self, x):
        return x + 1570


class P1571(torch.nn.Module):
    def forward(self, x):
        return x + 1571


class P1572(torch.nn.Module):
    def forward(self, x):
        return x + 1572


class P1573(torch.nn.Module):
    def forward(self, x):
        return x + 1573


class P1574(torch.nn.Module):
    def forward(self, x):
        return x + 1574


class P1575(torch.nn.Module):
    def forward(self, x):
        return x + 1575


class P1576(torch.nn.Module):
    def forward(self, x):
        return x + 1576


class P1577(torch.nn.Module):
    def forward(self, x):
        return x + 1577


class P1578(torch.nn.Module):
    def forward(self, x):
        return x + 1578


class P1579(torch.nn.Module):
    def forward(self, x):
        return x + 1579


class P1580(torch.nn.Module):
    def forward(self, x):
        return x + 1580


class P1581(torch.nn.Module):
    def forward(self, x):
        return x + 1581


class P1582(torch.nn.Module):
    def forward(self, x):
        return x + 1582


class P1583(torch.nn.Module):
    def forward(self, x):
        return x + 1583


class P1584(torch.nn.Module):
    def forward(self, x):
        return x + 1584


class P1585(torch.nn.Module):
    def forward(self, x):
        return x + 1585


class P1586(torch.nn.Module):
    def forward(self, x):
        return x + 1586


class P1587(torch.nn.Module):
    def forward(self, x):
        return x + 1587


class P1588(torch.nn.Module):
    def forward(self, x):
        return x + 1588


class P1589(torch.nn.Module):
    def forward(self, x):
        return x + 1589


class P1590(torch.nn.Module):
    def forward(self, x):
        return x + 1590


class P1591(torch.nn.Module):
    def forward(self, x):
        return x + 1591


class P1592(torch.nn.Module):
    def forward(self, x):
        return x + 1592


class P1593(torch.nn.Module):
    def forward(self, x):
        return x + 1593


class P1594(torch.nn.Module):
    def forward(self, x):
        return x + 1594


class P1595(torch.nn.Module):
    def forward(self, x):
        return x + 1595


class P1596(torch.nn.Module):
    def forward(self, x):
        return x + 1596


class P1597(torch.nn.Module):
    def forward(self, x):
        return x + 1597


class P1598(torch.nn.Module):
    def forward(self, x):
        return x + 1598


class P1599(torch.nn.Module):
    def forward(self, x):
        return x + 1599


class P1600(torch.nn.Module):
    def forward(self, x):
        return x + 1600


class P1601(torch.nn.Module):
    def forward(self, x):
        return x + 1601


class P1602(torch.nn.Module):
    def forward(self, x):
        return x + 1602


class P1603(torch.nn.Module):
    def forward(self, x):
        return x + 1603


class P1604(torch.nn.Module):
    def forward(self, x):
        return x + 1604


class P1605(torch.nn.Module):
    def forward(self, x):
        return x + 1605


class P1606(torch.nn.Module):
    def forward(self, x):
        return x + 1606


class P1607(torch.nn.Module):
    def forward(self, x):
        return x + 1607


class P1608(torch.nn.Module):
    def forward(self, x):
        return x + 1608


class P1609(torch.nn.Module):
    def forward(self, x):
        return x + 1609


class P1610(torch.nn.Module):
    def forward(self, x):
        return x + 1610


class P1611(torch.nn.Module):
    def forward(self, x):
        return x + 1611


class P1612(torch.nn.Module):
    def forward(self, x):
        return x + 1612


class P1613(torch.nn.Module):
    def forward(self, x):
        return x + 1613


class P1614(torch.nn.Module):
    def forward(self, x):
        return x + 1614


class P1615(torch.nn.Module):
    def forward(self, x):
        return x + 1615


class P1616(torch.nn.Module):
    def forward(self, x):
        return x + 1616


class P1617(torch.nn.Module):
    def forward(self, x):
        return x + 1617


class P1618(torch.nn.Module):
    def forward(self, x):
        return x + 1618


class P1619(torch.nn.Module):
    def forward(self, x):
        return x + 1619


class P1620(torch.nn.Module):
    def forward(self, x):
        return x + 1620


class P1621(torch.nn.Module):
    def forward(self, x):
        return x + 1621


class P1622(torch.nn.Module):
    def forward(self, x):
        return x + 1622


class P1623(torch.nn.Module):
    def forward(self, x):
        return x + 1623


class P1624(torch.nn.Module):
    def forward(self, x):
        return x + 1624


class P1625(torch.nn.Module):
    def forward(self, x):
        return x + 1625


class P1626(torch.nn.Module):
    def forward(self, x):
        return x + 1626


class P1627(torch.nn.Module):
    def forward(self, x):
        return x + 1627


class P1628(torch.nn.Module):
    def forward(self, x):
        return x + 1628


class P1629(torch.nn.Module):
    def forward(self, x):
        return x + 1629


class P1630(torch.nn.Module):
    def forward(self, x):
        return x + 1630


class P1631(torch.nn.Module):
    def forward(self, x):
        return x + 1631


class P1632(torch.nn.Module):
    def forward(self, x):
        return x + 1632


class P1633(torch.nn.Module):
    def forward(self, x):
        return x + 1633


class P1634(torch.nn.Module):
    def forward(self, x):
        return x + 1634


class P1635(torch.nn.Module):
    def forward(self, x):
        return x + 1635


class P1636(torch.nn.Module):
    def forward(self, x):
        return x + 1636


class P1637(torch.nn.Module):
    def forward(self, x):
        return x + 1637


class P1638(torch.nn.Module):
    def forward(self, x):
        return x + 1638


class P1639(torch.nn.Module):
    def forward(self, x):
        return x + 1639


class P1640(torch.nn.Module):
    def forward(self, x):
        return x + 1640


class P1641(torch.nn.Module):
    def forward(self, x):
        return x + 1641


class P1642(torch.nn.Module):
    def forward(self, x):
        return x + 1642


class P1643(torch.nn.Module):
    def forward(self, x):
        return x + 1643


class P1644(torch.nn.Module):
    def forward(self, x):
        return x + 1644


class P1645(torch.nn.Module):
    def forward(self, x):
        return x + 1645


class P1646(torch.nn.Module):
    def forward(self, x):
        return x + 1646


class P1647(torch.nn.Module):
    def forward(self, x):
        return x + 1647


class P1648(torch.nn.Module):
    def forward(self, x):
        return x + 1648


class P1649(torch.nn.Module):
    def forward(self, x):
        return x + 1649


class P1650(torch.nn.Module):
    def forward(self, x):
        return x + 1650


class P1651(torch.nn.Module):
    def forward(self, x):
        return x + 1651


class P1652(torch.nn.Module):
    def forward(self, x):
        return x + 1652


class P1653(torch.nn.Module):
    def forward(self, x):
        return x + 1653


class P1654(torch.nn.Module):
    def forward(self, x):
        return x + 1654


class P1655(torch.nn.Module):
    def forward(self, x):
        return x + 1655


class P1656(torch.nn.Module):
    def forward(self, x):
        return x + 1656


class P1657(torch.nn.Module):
    def forward(self, x):
        return x + 1657


class P1658(torch.nn.Module):
    def forward(self, x):
        return x + 1658


class P1659(torch.nn.Module):
    def forward(self, x):
        return x + 1659


class P1660(torch.nn.Module):
    def forward(self, x):
        return x + 1660


class P1661(torch.nn.Module):
    def forward(self, x):
        return x + 1661


class P1662(torch.nn.Module):
    def forward(self, x):
        return x + 1662


class P1663(torch.nn.Module):
    def forward(self, x):
        return x + 1663


class P1664(torch.nn.Module):
    def forward(self, x):
        return x + 1664


class P1665(torch.nn.Module):
    def forward(self, x):
        return x + 1665


class P1666(torch.nn.Module):
    def forward(self, x):
        return x + 1666


class P1667(torch.nn.Module):
    def forward(self, x):
        return x + 1667


class P1668(torch.nn.Module):
    def forward(self, x):
        return x + 1668


class P1669(torch.nn.Module):
    def forward(self, x):
        return x + 1669


class P1670(torch.nn.Module):
    def forward(self, x):
        return x + 1670


class P1671(torch.nn.Module):
    def forward(self, x):
        return x + 1671


class P1672(torch.nn.Module):
    def forward(self, x):
        return x + 1672


class P1673(torch.nn.Module):
    def forward(self, x):
        return x + 1673


class P1674(torch.nn.Module):
    def forward(self, x):
        return x + 1674


class P1675(torch.nn.Module):
    def forward(self, x):
        return x + 1675


class P1676(torch.nn.Module):
    def forward(self, x):
        return x + 1676


class P1677(torch.nn.Module):
    def forward(self, x):
        return x + 1677


class P1678(torch.nn.Module):
    def forward(self, x):
        return x + 1678


class P1679(torch.nn.Module):
    def forward(self, x):
        return x + 1679


class P1680(torch.nn.Module):
    def forward(self, x):
        return x + 1680


class P1681(torch.nn.Module):
    def forward(self, x):
        return x + 1681


class P1682(torch.nn.Module):
    def forward(self, x):
        return x + 1682


class P1683(torch.nn.Module):
    def forward(self, x):
        return x + 1683


class P1684(torch.nn.Module):
    def forward(self, x):
        return x + 1684


class P1685(torch.nn.Module):
    def forward(self, x):
        return x + 1685


class P1686(torch.nn.Module):
    def forward(self, x):
        return x + 1686


class P1687(torch.nn.Module):
    def forward(self, x):
        return x + 1687


class P1688(torch.nn.Module):
    def forward(self, x):
        return x + 1688


class P1689(torch.nn.Module):
    def forward(self, x):
        return x + 1689


class P1690(torch.nn.Module):
    def forward(self, x):
        return x + 1690


class P1691(torch.nn.Module):
    def forward(self, x):
        return x + 1691


class P1692(torch.nn.Module):
    def forward(self, x):
        return x + 1692


class P1693(torch.nn.Module):
    def forward(self, x):
        return x + 1693


class P1694(torch.nn.Module):
    def forward(self, x):
        return x + 1694


class P1695(torch.nn.Module):
    def forward(self, x):
        return x + 1695


class P1696(torch.nn.Module):
    def forward(self, x):
        return x + 1696


class P1697(torch.nn.Module):
    def forward(self, x):
        return x + 1697


class P1698(torch.nn.Module):
    def forward(self, x):
        return x + 1698


class P1699(torch.nn.Module):
    def forward(self, x):
        return x + 1699


class P1700(torch.nn.Module):
    def forward(self, x):
        return x + 1700


class P1701(torch.nn.Module):
    def forward(self, x):
        return x + 1701


class P1702(torch.nn.Module):
    def forward(self, x):
        return x + 1702


class P1703(torch.nn.Module):
    def forward(self, x):
        return x + 1703


class P1704(torch.nn.Module):
    def forward(self, x):
        return x + 1704


class P1705(torch.nn.Module):
    def forward(self, x):
        return x + 1705


class P1706(torch.nn.Module):
    def forward(self, x):
        return x + 1706


class P1707(torch.nn.Module):
    def forward(self, x):
        return x + 1707


class P1708(torch.nn.Module):
    def forward(self, x):
        return x + 1708


class P1709(torch.nn.Module):
    def forward(self, x):
        return x + 1709


class P1710(torch.nn.Module):
    def forward(self, x):
        return x + 1710


class P1711(torch.nn.Module):
    def forward(self, x):
        return x + 1711


class P1712(torch.nn.Module):
    def forward(self, x):
        return x + 1712


class P1713(torch.nn.Module):
    def forward(self, x):
        return x + 1713


class P1714(torch.nn.Module):
    def forward(self, x):
        return x + 1714


class P1715(torch.nn.Module):
    def forward(self, x):
        return x + 1715


class P1716(torch.nn.Module):
    def forward(self, x):
        return x + 1716


class P1717(torch.nn.Module):
    def forward(self, x):
        return x + 1717


class P1718(torch.nn.Module):
    def forward(self, x):
        return x + 1718


class P1719(torch.nn.Module):
    def forward(self, x):
        return x + 1719


class P1720(torch.nn.Module):
    def forward(self, x):
        return x + 1720


class P1721(torch.nn.Module):
    def forward(self, x):
        return x + 1721


class P1722(torch.nn.Module):
    def forward(self, x):
        return x + 1722


class P1723(torch.nn.Module):
    def forward(self, x):
        return x + 1723


class P1724(torch.nn.Module):
    def forward(self, x):
        return x + 1724


class P1725(torch.nn.Module):
    def forward(self, x):
        return x + 1725


class P1726(torch.nn.Module):
    def forward(self, x):
        return x + 1726


class P1727(torch.nn.Module):
    def forward(self, x):
        return x + 1727


class P1728(torch.nn.Module):
    def forward(self, x):
        return x + 1728


class P1729(torch.nn.Module):
    def forward(self, x):
        return x + 1729


class P1730(torch.nn.Module):
    def forward(self, x):
        return x + 1730


class P1731(torch.nn.Module):
    def forward(self, x):
        return x + 1731


class P1732(torch.nn.Module):
    def forward(self, x):
        return x + 1732


class P1733(torch.nn.Module):
    def forward(self, x):
        return x + 1733


class P1734(torch.nn.Module):
    def forward(self, x):
        return x + 1734


class P1735(torch.nn.Module):
    def forward(self, x):
        return x + 1735


class P1736(torch.nn.Module):
    def forward(self, x):
        return x + 1736


class P1737(torch.nn.Module):
    def forward(self, x):
        return x + 1737


class P1738(torch.nn.Module):
    def forward(self, x):
        return x + 1738


class P1739(torch.nn.Module):
    def forward(self, x):
        return x + 1739


class P1740(torch.nn.Module):
    def forward(self, x):
        return x + 1740


class P1741(torch.nn.Module):
    def forward(self, x):
        return x + 1741


class P1742(torch.nn.Module):
    def forward(self, x):
        return x + 1742


class P1743(torch.nn.Module):
    def forward(self, x):
        return x + 1743


class P1744(torch.nn.Module):
    def forward(self, x):
        return x + 1744


class P1745(torch.nn.Module):
    def forward(self, x):
        return x + 1745


class P1746(torch.nn.Module):
    def forward(self, x):
        return x + 1746


class P1747(torch.nn.Module):
    def forward(self, x):
        return x + 1747


class P1748(torch.nn.Module):
    def forward(self, x):
        return x + 1748


class P1749(torch.nn.Module):
    def forward(self, x):
        return x + 1749


class P1750(torch.nn.Module):
    def forward(self, x):
        return x + 1750


class P1751(torch.nn.Module):
    def forward(self, x):
        return x + 1751


class P1752(torch.nn.Module):
    def forward(self, x):
        return x + 1752


class P1753(torch.nn.Module):
    def forward(self, x):
        return x + 1753


class P1754(torch.nn.Module):
    def forward(self, x):
        return x + 1754


class P1755(torch.nn.Module):
    def forward(self, x):
        return x + 1755


class P1756(torch.nn.Module):
    def forward(self, x):
        return x + 1756


class P1757(torch.nn.Module):
    def forward(self, x):
        return x + 1757


class P1758(torch.nn.Module):
    def forward(self, x):
        return x + 1758


class P1759(torch.nn.Module):
    def forward(self, x):
        return x + 1759


class P1760(torch.nn.Module):
    def forward(self, x):
        return x + 1760


class P1761(torch.nn.Module):
    def forward(self, x):
        return x + 1761


class P1762(torch.nn.Module):
    def forward(self, x):
        return x + 1762


class P1763(torch.nn.Module):
    def forward(self, x):
        return x + 1763


class P1764(torch.nn.Module):
    def forward(self, x):
        return x + 1764


class P1765(torch.nn.Module):
    def forward(self, x):
        return x + 1765


class P1766(torch.nn.Module):
    def forward(self, x):
        return x + 1766


class P1767(torch.nn.Module):
    def forward(self, x):
        return x + 1767


class P1768(torch.nn.Module):
    def forward(self, x):
        return x + 1768


class P1769(torch.nn.Module):
    def forward(self, x):
        return x + 1769


class P1770(torch.nn.Module):
    def forward(self, x):
        return x + 1770


class P1771(torch.nn.Module):
    def forward(self, x):
        return x + 1771


class P1772(torch.nn.Module):
    def forward(self, x):
        return x + 1772


class P1773(torch.nn.Module):
    def forward(self, x):
        return x + 1773


class P1774(torch.nn.Module):
    def forward(self, x):
        return x + 1774


class P1775(torch.nn.Module):
    def forward(self, x):
        return x + 1775


class P1776(torch.nn.Module):
    def forward(self, x):
        return x + 1776


class P1777(torch.nn.Module):
    def forward(self, x):
        return x + 1777


class P1778(torch.nn.Module):
    def forward(self, x):
        return x + 1778


class P1779(torch.nn.Module):
    def forward(self, x):
        return x + 1779


class P1780(torch.nn.Module):
    def forward(self, x):
        return x + 1780


class P1781(torch.nn.Module):
    def forward(self, x):
        return x + 1781


class P1782(torch.nn.Module):
    def forward(self, x):
        return x + 1782


class P1783(torch.nn.Module):
    def forward(self, x):
        return x + 1783


class P1784(torch.nn.Module):
    def forward(self, x):
        return x + 1784


class P1785(torch.nn.Module):
    def forward(self, x):
        return x + 1785


class P1786(torch.nn.Module):
    def forward(self, x):
        return x + 1786


class P1787(torch.nn.Module):
    def forward(self, x):
        return x + 1787


class P1788(torch.nn.Module):
    def forward(self, x):
        return x + 1788


class P1789(torch.nn.Module):
    def forward(self, x):
        return x + 1789


class P1790(torch.nn.Module):
    def forward(self, x):
        return x + 1790


class P1791(torch.nn.Module):
    def forward(self, x):
        return x + 1791


class P1792(torch.nn.Module):
    def forward(self, x):
        return x + 1792


class P1793(torch.nn.Module):
    def forward(self, x):
        return x + 1793


class P1794(torch.nn.Module):
    def forward(self, x):
        return x + 1794


class P1795(torch.nn.Module):
    def forward(self, x):
        return x + 1795


class P1796(torch.nn.Module):
    def forward(self, x):
        return x + 1796


class P1797(torch.nn.Module):
    def forward(self, x):
        return x + 1797


class P1798(torch.nn.Module):
    def forward(self, x):
        return x + 1798


class P1799(torch.nn.Module):
    def forward(self, x):
        return x + 1799


class P1800(torch.nn.Module):
    def forward(self, x):
        return x + 1800


class P1801(torch.nn.Module):
    def forward(self, x):
        return x + 1801


class P1802(torch.nn.Module):
    def forward(self, x):
        return x + 1802


class P1803(torch.nn.Module):
    def forward(self, x):
        return x + 1803


class P1804(torch.nn.Module):
    def forward(self, x):
        return x + 1804


class P1805(torch.nn.Module):
    def forward(self, x):
        return x + 1805


class P1806(torch.nn.Module):
    def forward(self, x):
        return x + 1806


class P1807(torch.nn.Module):
    def forward(self, x):
        return x + 1807


class P1808(torch.nn.Module):
    def forward(self, x):
        return x + 1808


class P1809(torch.nn.Module):
    def forward(self, x):
        return x + 1809


class P1810(torch.nn.Module):
    def forward(self, x):
        return x + 1810


class P1811(torch.nn.Module):
    def forward(self, x):
        return x + 1811


class P1812(torch.nn.Module):
    def forward(self, x):
        return x + 1812


class P1813(torch.nn.Module):
    def forward(self, x):
        return x + 1813


class P1814(torch.nn.Module):
    def forward(self, x):
        return x + 1814


class P1815(torch.nn.Module):
    def forward(self, x):
        return x + 1815


class P1816(torch.nn.Module):
    def forward(self, x):
        return x + 1816


class P1817(torch.nn.Module):
    def forward(self, x):
        return x + 1817


class P1818(torch.nn.Module):
    def forward(self, x):
        return x + 1818


class P1819(torch.nn.Module):
    def forward(self, x):
        return x + 1819


class P1820(torch.nn.Module):
    def forward(self, x):
        return x + 1820


class P1821(torch.nn.Module):
    def forward(self, x):
        return x + 1821


class P1822(torch.nn.Module):
    def forward(self, x):
        return x + 1822


class P1823(torch.nn.Module):
    def forward(self, x):
        return x + 1823


class P1824(torch.nn.Module):
    def forward(self, x):
        return x + 1824


class P1825(torch.nn.Module):
    def forward(self, x):
        return x + 1825


class P1826(torch.nn.Module):
    def forward(self, x):
        return x + 1826


class P1827(torch.nn.Module):
    def forward(self, x):
        return x + 1827


class P1828(torch.nn.Module):
    def forward(self, x):
        return x + 1828


class P1829(torch.nn.Module):
    def forward(self, x):
        return x + 1829


class P1830(torch.nn.Module):
    def forward(self, x):
        return x + 1830


class P1831(torch.nn.Module):
    def forward(self, x):
        return x + 1831


class P1832(torch.nn.Module):
    def forward(self, x):
        return x + 1832


class P1833(torch.nn.Module):
    def forward(self, x):
        return x + 1833


class P1834(torch.nn.Module):
    def forward(self, x):
        return x + 1834


class P1835(torch.nn.Module):
    def forward(self, x):
        return x + 1835


class P1836(torch.nn.Module):
    def forward(self, x):
        return x + 1836


class P1837(torch.nn.Module):
    def forward(self, x):
        return x + 1837


class P1838(torch.nn.Module):
    def forward(self, x):
        return x + 1838


class P1839(torch.nn.Module):
    def forward(self, x):
        return x + 1839


class P1840(torch.nn.Module):
    def forward(self, x):
        return x + 1840


class P1841(torch.nn.Module):
    def forward(self, x):
        return x + 1841


class P1842(torch.nn.Module):
    def forward(self, x):
        return x + 1842


class P1843(torch.nn.Module):
    def forward(self, x):
        return x + 1843


class P1844(torch.nn.Module):
    def forward(self, x):
        return x + 1844


class P1845(torch.nn.Module):
    def forward(self, x):
        return x + 1845


class P1846(torch.nn.Module):
    def forward(self, x):
        return x + 1846


class P1847(torch.nn.Module):
    def forward(self, x):
        return x + 1847


class P1848(torch.nn.Module):
    def forward(self, x):
        return x + 1848


class P1849(torch.nn.Module):
    def forward(self, x):
        return x + 1849


class P1850(torch.nn.Module):
    def forward(self, x):
        return x + 1850


class P1851(torch.nn.Module):
    def forward(self, x):
        return x + 1851


class P1852(torch.nn.Module):
    def forward(self, x):
        return x + 1852


class P1853(torch.nn.Module):
    def forward(self, x):
        return x + 1853


class P1854(torch.nn.Module):
    def forward(self, x):
        return x + 1854


class P1855(torch.nn.Module):
    def forward(self, x):
        return x + 1855


class P1856(torch.nn.Module):
    def forward(self, x):
        return x + 1856


class P1857(torch.nn.Module):
    def forward(self, x):
        return x + 1857


class P1858(torch.nn.Module):
    def forward(self, x):
        return x + 1858


class P1859(torch.nn.Module):
    def forward(self, x):
        return x + 1859


class P1860(torch.nn.Module):
    def forward(self, x):
        return x + 1860


class P1861(torch.nn.Module):
    def forward(self, x):
        return x + 1861


class P1862(torch.nn.Module):
    def forward(self, x):
        return x + 1862


class P1863(torch.nn.Module):
    def forward(self, x):
        return x + 1863


class P1864(torch.nn.Module):
    def forward(self, x):
        return x + 1864


class P1865(torch.nn.Module):
    def forward(self, x):
        return x + 1865


class P1866(torch.nn.Module):
    def forward(self, x):
        return x + 1866


class P1867(torch.nn.Module):
    def forward(self, x):
        return x + 1867


class P1868(torch.nn.Module):
    def forward(self, x):
        return x + 1868


class P1869(torch.nn.Module):
    def forward(self, x):
        return x + 1869


class P1870(torch.nn.Module):
    def forward(self, x):
        return x + 1870


class P1871(torch.nn.Module):
    def forward(self, x):
        return x + 1871


class P1872(torch.nn.Module):
    def forward(self, x):
        return x + 1872


class P1873(torch.nn.Module):
    def forward(self, x):
        return x + 1873


class P1874(torch.nn.Module):
    def forward(self, x):
        return x + 1874


class P1875(torch.nn.Module):
    def forward(self, x):
        return x + 1875


class P1876(torch.nn.Module):
    def forward(self, x):
        return x + 1876


class P1877(torch.nn.Module):
    def forward(self, x):
        return x + 1877


class P1878(torch.nn.Module):
    def forward(self, x):
        return x + 1878


class P1879(torch.nn.Module):
    def forward(self, x):
        return x + 1879


class P1880(torch.nn.Module):
    def forward(self, x):
        return x + 1880


class P1881(torch.nn.Module):
    def forward(self, x):
        return x + 1881


class P1882(torch.nn.Module):
    def forward(self, x):
        return x + 1882


class P1883(torch.nn.Module):
    def forward(self, x):
        return x + 1883


class P1884(torch.nn.Module):
    def forward(self, x):
        return x + 1884


class P1885(torch.nn.Module):
    def forward(self, x):
        return x + 1885


class P1886(torch.nn.Module):
    def forward(self, x):
        return x + 1886


class P1887(torch.nn.Module):
    def forward(self, x):
        return x + 1887


class P1888(torch.nn.Module):
    def forward(self, x):
        return x + 1888


class P1889(torch.nn.Module):
    def forward(self, x):
        return x + 1889


class P1890(torch.nn.Module):
    def forward(self, x):
        return x + 1890


class P1891(torch.nn.Module):
    def forward(self, x):
        return x + 1891


class P1892(torch.nn.Module):
    def forward(self, x):
        return x + 1892


class P1893(torch.nn.Module):
    def forward(self, x):
        return x + 1893


class P1894(torch.nn.Module):
    def forward(self, x):
        return x + 1894


class P1895(torch.nn.Module):
    def forward(self, x):
        return x + 1895


class P1896(torch.nn.Module):
    def forward(self, x):
        return x + 1896


class P1897(torch.nn.Module):
    def forward(self, x):
        return x + 1897


class P1898(torch.nn.Module):
    def forward(self, x):
        return x + 1898


class P1899(torch.nn.Module):
    def forward(self, x):
        return x + 1899


class P1900(torch.nn.Module):
    def forward(self, x):
        return x + 1900


class P1901(torch.nn.Module):
    def forward(self, x):
        return x + 1901


class P1902(torch.nn.Module):
    def forward(self, x):
        return x + 1902


class P1903(torch.nn.Module):
    def forward(self, x):
        return x + 1903


class P1904(torch.nn.Module):
    def forward(self, x):
        return x + 1904


class P1905(torch.nn.Module):
    def forward(self, x):
        return x + 1905


class P1906(torch.nn.Module):
    def forward(self, x):
        return x + 1906


class P1907(torch.nn.Module):
    def forward(self, x):
        return x + 1907


class P1908(torch.nn.Module):
    def forward(self, x):
        return x + 1908


class P1909(torch.nn.Module):
    def forward(self, x):
        return x + 1909


class P1910(torch.nn.Module):
    def forward(self, x):
        return x + 1910


class P1911(torch.nn.Module):
    def forward(self, x):
        return x + 1911


class P1912(torch.nn.Module):
    def forward(self, x):
        return x + 1912


class P1913(torch.nn.Module):
    def forward(self, x):
        return x + 1913


class P1914(torch.nn.Module):
    def forward(self, x):
        return x + 1914


class P1915(torch.nn.Module):
    def forward(self, x):
        return x + 1915


class P1916(torch.nn.Module):
    def forward(self, x):
        return x + 1916


class P1917(torch.nn.Module):
    def forward(self, x):
        return x + 1917


class P1918(torch.nn.Module):
    def forward(self, x):
        return x + 1918


class P1919(torch.nn.Module):
    def forward(self, x):
        return x + 1919


class P1920(torch.nn.Module):
    def forward(self, x):
        return x + 1920


class P1921(torch.nn.Module):
    def forward(self, x):
        return x + 1921


class P1922(torch.nn.Module):
    def forward(self, x):
        return x + 1922


class P1923(torch.nn.Module):
    def forward(self, x):
        return x + 1923


class P1924(torch.nn.Module):
    def forward(self, x):
        return x + 1924


class P1925(torch.nn.Module):
    def forward(self, x):
        return x + 1925


class P1926(torch.nn.Module):
    def forward(self, x):
        return x + 1926


class P1927(torch.nn.Module):
    def forward(self, x):
        return x + 1927


class P1928(torch.nn.Module):
    def forward(self, x):
        return x + 1928


class P1929(torch.nn.Module):
    def forward(self, x):
        return x + 1929


class P1930(torch.nn.Module):
    def forward(self, x):
        return x + 1930


class P1931(torch.nn.Module):
    def forward(self, x):
        return x + 1931


class P1932(torch.nn.Module):
    def forward(self, x):
        return x + 1932


class P1933(torch.nn.Module):
    def forward(self, x):
        return x + 1933


class P1934(torch.nn.Module):
    def forward(self, x):
        return x + 1934


class P1935(torch.nn.Module):
    def forward(self, x):
        return x + 1935


class P1936(torch.nn.Module):
    def forward(self, x):
        return x + 1936


class P1937(torch.nn.Module):
    def forward(self, x):
        return x + 1937


class P1938(torch.nn.Module):
    def forward(self, x):
        return x + 1938


class P1939(torch.nn.Module):
    def forward(self, x):
        return x + 1939


class P1940(torch.nn.Module):
    def forward(self, x):
        return x + 1940


class P1941(torch.nn.Module):
    def forward(self, x):
        return x + 1941


class P1942(torch.nn.Module):
    def forward(self, x):
        return x + 1942


class P1943(torch.nn.Module):
    def forward(self, x):
        return x + 1943


class P1944(torch.nn.Module):
    def forward(self, x):
        return x + 1944


class P1945(torch.nn.Module):
    def forward(self, x):
        return x + 1945


class P1946(torch.nn.Module):
    def forward(self, x):
        return x + 1946


class P1947(torch.nn.Module):
    def forward(self, x):
        return x + 1947


class P1948(torch.nn.Module):
    def forward(self, x):
        return x + 1948


class P1949(torch.nn.Module):
    def forward(self, x):
        return x + 1949


class P1950(torch.nn.Module):
    def forward(self, x):
        return x + 1950


class P1951(torch.nn.Module):
    def forward(self, x):
        return x + 1951


class P1952(torch.nn.Module):
    def forward(self, x):
        return x + 1952


class P1953(torch.nn.Module):
    def forward(self, x):
        return x + 1953


class P1954(torch.nn.Module):
    def forward(self, x):
        return x + 1954


class P1955(torch.nn.Module):
    def forward(self, x):
        return x + 1955


class P1956(torch.nn.Module):
    def forward(self, x):
        return x + 1956


class P1957(torch.nn.Module):
    def forward(self, x):
        return x + 1957


class P1958(torch.nn.Module):
    def forward(self, x):
        return x + 1958


class P1959(torch.nn.Module):
    def forward(self, x):
        return x + 1959


class P1960(torch.nn.Module):
    def forward(self, x):
        return x + 1960


class P1961(torch.nn.Module):
    def forward(self, x):
        return x + 1961


class P1962(torch.nn.Module):
    def forward(self, x):
        return x + 1962


class P1963(torch.nn.Module):
    def forward(self, x):
        return x + 1963


class P1964(torch.nn.Module):
    def forward(self, x):
        return x + 1964


class P1965(torch.nn.Module):
    def forward(self, x):
        return x + 1965


class P1966(torch.nn.Module):
    def forward(self, x):
        return x + 1966


class P1967(torch.nn.Module):
    def forward(self, x):
        return x + 1967


class P1968(torch.nn.Module):
    def forward(self, x):
        return x + 1968


class P1969(torch.nn.Module):
    def forward(self, x):
        return x + 1969


class P1970(torch.nn.Module):
    def forward(self, x):
        return x + 1970


class P1971(torch.nn.Module):
    def forward(self, x):
        return x + 1971


class P1972(torch.nn.Module):
    def forward(self, x):
        return x + 1972


class P1973(torch.nn.Module):
    def forward(self, x):
        return x + 1973


class P1974(torch.nn.Module):
    def forward(self, x):
        return x + 1974


class P1975(torch.nn.Module):
    def forward(self, x):
        return x + 1975


class P1976(torch.nn.Module):
    def forward(self, x):
        return x + 1976


class P1977(torch.nn.Module):
    def forward(self, x):
        return x + 1977


class P1978(torch.nn.Module):
    def forward(self, x):
        return x + 1978


class P1979(torch.nn.Module):
    def forward(self, x):
        return x + 1979


class P1980(torch.nn.Module):
    def forward(self, x):
        return x + 1980


class P1981(torch.nn.Module):
    def forward(self, x):
        return x + 1981


class P1982(torch.nn.Module):
    def forward(self, x):
        return x + 1982


class P1983(torch.nn.Module):
    def forward(self, x):
        return x + 1983


class P1984(torch.nn.Module):
    def forward(self, x):
        return x + 1984


class P1985(torch.nn.Module):
    def forward(self, x):
        return x + 1985


class P1986(torch.nn.Module):
    def forward(self, x):
        return x + 1986


class P1987(torch.nn.Module):
    def forward(self, x):
        return x + 1987


class P1988(torch.nn.Module):
    def forward(self, x):
        return x + 1988


class P1989(torch.nn.Module):
    def forward(self, x):
        return x + 1989


class P1990(torch.nn.Module):
    def forward(self, x):
        return x + 1990


class P1991(torch.nn.Module):
    def forward(self, x):
        return x + 1991


class P1992(torch.nn.Module):
    def forward(self, x):
        return x + 1992


class P1993(torch.nn.Module):
    def forward(self, x):
        return x + 1993


class P1994(torch.nn.Module):
    def forward(self, x):
        return x + 1994


class P1995(torch.nn.Module):
    def forward(self, x):
        return x + 1995


class P1996(torch.nn.Module):
    def forward(self, x):
        return x + 1996


class P1997(torch.nn.Module):
    def forward(self, x):
        return x + 1997


class P1998(torch.nn.Module):
    def forward(self, x):
        return x + 1998


class P1999(torch.nn.Module):
    def forward(self, x):
        return x + 1999


class P2000(torch.nn.Module):
    def forward(self, x):
        return x + 2000


class P2001(torch.nn.Module):
    def forward(self, x):
        return x + 2001


class P2002(torch.nn.Module):
    def forward(self, x):
        return x + 2002


class P2003(torch.nn.Module):
    def forward(self, x):
        return x + 2003


class P2004(torch.nn.Module):
    def forward(self, x):
        return x + 2004


class P2005(torch.nn.Module):
    def forward(self, x):
        return x + 2005


class P2006(torch.nn.Module):
    def forward(self, x):
        return x + 2006


class P2007(torch.nn.Module):
    def forward(self, x):
        return x + 2007


class P2008(torch.nn.Module):
    def forward(self, x):
        return x + 2008


class P2009(torch.nn.Module):
    def forward(self, x):
        return x + 2009


class P2010(torch.nn.Module):
    def forward(self, x):
        return x + 2010


class P2011(torch.nn.Module):
    def forward(self, x):
        return x + 2011


class P2012(torch.nn.Module):
    def forward(self, x):
        return x + 2012


class P2013(torch.nn.Module):
    def forward(self, x):
        return x + 2013


class P2014(torch.nn.Module):
    def forward(self, x):
        return x + 2014


class P2015(torch.nn.Module):
    def forward(self, x):
        return x + 2015


class P2016(torch.nn.Module):
    def forward(self, x):
        return x + 2016


class P2017(torch.nn.Module):
    def forward(self, x):
        return x + 2017


class P2018(torch.nn.Module):
    def forward(self, x):
        return x + 2018


class P2019(torch.nn.Module):
    def forward(self, x):
        return x + 2019


class P2020(torch.nn.Module):
    def forward(self, x):
        return x + 2020


class P2021(torch.nn.Module):
    def forward(self, x):
        return x + 2021


class P2022(torch.nn.Module):
    def forward(self, x):
        return x + 2022


class P2023(torch.nn.Module):
    def forward(self, x):
        return x + 2023


class P2024(torch.nn.Module):
    def forward(self, x):
        return x + 2024


class P2025(torch.nn.Module):
    def forward(self, x):
        return x + 2025


class P2026(torch.nn.Module):
    def forward(self, x):
        return x + 2026


class P2027(torch.nn.Module):
    def forward(self, x):
        return x + 2027


class P2028(torch.nn.Module):
    def forward(self, x):
        return x + 2028


class P2029(torch.nn.Module):
    def forward(self, x):
        return x + 2029


class P2030(torch.nn.Module):
    def forward(self, x):
        return x + 2030


class P2031(torch.nn.Module):
    def forward(self, x):
        return x + 2031


class P2032(torch.nn.Module):
    def forward(self, x):
        return x + 2032


class P2033(torch.nn.Module):
    def forward(self, x):
        return x + 2033


class P2034(torch.nn.Module):
    def forward(self, x):
        return x + 2034


class P2035(torch.nn.Module):
    def forward(self, x):
        return x + 2035


class P2036(torch.nn.Module):
    def forward(self, x):
        return x + 2036


class P2037(torch.nn.Module):
    def forward(self, x):
        return x + 2037


class P2038(torch.nn.Module):
    def forward(self, x):
        return x + 2038


class P2039(torch.nn.Module):
    def forward(self, x):
        return x + 2039


class P2040(torch.nn.Module):
    def forward(self, x):
        return x + 2040


class P2041(torch.nn.Module):
    def forward(self, x):
        return x + 2041


class P2042(torch.nn.Module):
    def forward(self, x):
        return x + 2042


class P2043(torch.nn.Module):
    def forward(self, x):
        return x + 2043


class P2044(torch.nn.Module):
    def forward(self, x):
        return x + 2044


class P2045(torch.nn.Module):
    def forward(self, x):
        return x + 2045


class P2046(torch.nn.Module):
    def forward(self, x):
        return x + 2046


class P2047(torch.nn.Module):
    def forward(self, x):
        return x + 2047


class P2048(torch.nn.Module):
    def forward(self, x):
        return x + 2048


class P2049(torch.nn.Module):
    def forward(self, x):
        return x + 2049


class P2050(torch.nn.Module):
    def forward(self, x):
        return x + 2050


class P2051(torch.nn.Module):
    def forward(self, x):
        return x + 2051


class P2052(torch.nn.Module):
    def forward(self, x):
        return x + 2052


class P2053(torch.nn.Module):
    def forward(self, x):
        return x + 2053


class P2054(torch.nn.Module):
    def forward(self, x):
        return x + 2054


class P2055(torch.nn.Module):
    def forward(self, x):
        return x + 2055


class P2056(torch.nn.Module):
    def forward(self, x):
        return x + 2056


class P2057(torch.nn.Module):
    def forward(self, x):
        return x + 2057


class P2058(torch.nn.Module):
    def forward(self, x):
        return x + 2058


class P2059(torch.nn.Module):
    def forward(self, x):
        return x + 2059


class P2060(torch.nn.Module):
    def forward(self, x):
        return x + 2060


class P2061(torch.nn.Module):
    def forward(self, x):
        return x + 2061


class P2062(torch.nn.Module):
    def forward(self, x):
        return x + 2062


class P2063(torch.nn.Module):
    def forward(self, x):
        return x + 2063


class P2064(torch.nn.Module):
    def forward(self, x):
        return x + 2064


class P2065(torch.nn.Module):
    def forward(self, x):
        return x + 2065


class P2066(torch.nn.Module):
    def forward(self, x):
        return x + 2066


class P2067(torch.nn.Module):
    def forward(self, x):
        return x + 2067


class P2068(torch.nn.Module):
    def forward(self, x):
        return x + 2068


class P2069(torch.nn.Module):
    def forward(self, x):
        return x + 2069


class P2070(torch.nn.Module):
    def forward(self, x):
        return x + 2070


class P2071(torch.nn.Module):
    def forward(self, x):
        return x + 2071


class P2072(torch.nn.Module):
    def forward(self, x):
        return x + 2072


class P2073(torch.nn.Module):
    def forward(self, x):
        return x + 2073


class P2074(torch.nn.Module):
    def forward(self, x):
        return x + 2074


class P2075(torch.nn.Module):
    def forward(self, x):
        return x + 2075


class P2076(torch.nn.Module):
    def forward(self, x):
        return x + 2076


class P2077(torch.nn.Module):
    def forward(self, x):
        return x + 2077


class P2078(torch.nn.Module):
    def forward(self, x):
        return x + 2078


class P2079(torch.nn.Module):
    def forward(self, x):
        return x + 2079


class P2080(torch.nn.Module):
    def forward(self, x):
        return x + 2080


class P2081(torch.nn.Module):
    def forward(self, x):
        return x + 2081


class P2082(torch.nn.Module):
    def forward(self, x):
        return x + 2082


class P2083(torch.nn.Module):
    def forward(self, x):
        return x + 2083


class P2084(torch.nn.Module):
    def forward(self, x):
        return x + 2084


class P2085(torch.nn.Module):
    def forward(self, x):
        return x + 2085


class P2086(torch.nn.Module):
    def forward(self, x):
        return x + 2086


class P2087(torch.nn.Module):
    def forward(self, x):
        return x + 2087


class P2088(torch.nn.Module):
    def forward(self, x):
        return x + 2088


class P2089(torch.nn.Module):
    def forward(self, x):
        return x + 2089


class P2090(torch.nn.Module):
    def forward(self, x):
        return x + 2090


class P2091(torch.nn.Module):
    def forward(self, x):
        return x + 2091


class P2092(torch.nn.Module):
    def forward(self, x):
        return x + 2092


class P2093(torch.nn.Module):
    def forward(self, x):
        return x + 2093


class P2094(torch.nn.Module):
    def forward(self, x):
        return x + 2094


class P2095(torch.nn.Module):
    def forward(self, x):
        return x + 2095


class P2096(torch.nn.Module):
    def forward(self, x):
        return x + 2096


class P2097(torch.nn.Module):
    def forward(self, x):
        return x + 2097


class P2098(torch.nn.Module):
    def forward(self, x):
        return x + 2098


class P2099(torch.nn.Module):
    def forward(self, x):
        return x + 2099


class P2100(torch.nn.Module):
    def forward(self, x):
        return x + 2100


class P2101(torch.nn.Module):
    def forward(self, x):
        return x + 2101


class P2102(torch.nn.Module):
    def forward(self, x):
        return x + 2102


class P2103(torch.nn.Module):
    def forward(self, x):
        return x + 2103


class P2104(torch.nn.Module):
    def forward(self, x):
        return x + 2104


class P2105(torch.nn.Module):
    def forward(self, x):
        return x + 2105


class P2106(torch.nn.Module):
    def forward(self, x):
        return x + 2106


class P2107(torch.nn.Module):
    def forward(self, x):
        return x + 2107


class P2108(torch.nn.Module):
    def forward(self, x):
        return x + 2108


class P2109(torch.nn.Module):
    def forward(self, x):
        return x + 2109


class P2110(torch.nn.Module):
    def forward(self, x):
        return x + 2110


class P2111(torch.nn.Module):
    def forward(self, x):
        return x + 2111


class P2112(torch.nn.Module):
    def forward(self, x):
        return x + 2112


class P2113(torch.nn.Module):
    def forward(self, x):
        return x + 2113


class P2114(torch.nn.Module):
    def forward(self, x):
        return x + 2114


class P2115(torch.nn.Module):
    def forward(self, x):
        return x + 2115


class P2116(torch.nn.Module):
    def forward(self, x):
        return x + 2116


class P2117(torch.nn.Module):
    def forward(self, x):
        return x + 2117


class P2118(torch.nn.Module):
    def forward(self, x):
        return x + 2118


class P2119(torch.nn.Module):
    def forward(self, x):
        return x + 2119


class P2120(torch.nn.Module):
    def forward(self, x):
        return x + 2120


class P2121(torch.nn.Module):
    def forward(self, x):
        return x + 2121


class P2122(torch.nn.Module):
    def forward(self, x):
        return x + 2122


class P2123(torch.nn.Module):
    def forward(self, x):
        return x + 2123


class P2124(torch.nn.Module):
    def forward(self, x):
        return x + 2124


class P2125(torch.nn.Module):
    def forward(self, x):
        return x + 2125


class P2126(torch.nn.Module):
    def forward(self, x):
        return x + 2126


class P2127(torch.nn.Module):
    def forward(self, x):
        return x + 2127


class P2128(torch.nn.Module):
    def forward(self, x):
        return x + 2128


class P2129(torch.nn.Module):
    def forward(self, x):
        return x + 2129


class P2130(torch.nn.Module):
    def forward(self, x):
        return x + 2130


class P2131(torch.nn.Module):
    def forward(self, x):
        return x + 2131


class P2132(torch.nn.Module):
    def forward(self, x):
        return x + 2132


class P2133(torch.nn.Module):
    def forward(self, x):
        return x + 2133


class P2134(torch.nn.Module):
    def forward(self, x):
        return x + 2134


class P2135(torch.nn.Module):
    def forward(self, x):
        return x + 2135


class P2136(torch.nn.Module):
    def forward(self, x):
        return x + 2136


class P2137(torch.nn.Module):
    def forward(self, x):
        return x + 2137


class P2138(torch.nn.Module):
    def forward(self, x):
        return x + 2138


class P2139(torch.nn.Module):
    def forward(self, x):
        return x + 2139


class P2140(torch.nn.Module):
    def forward(self, x):
        return x + 2140


class P2141(torch.nn.Module):
    def forward(self, x):
        return x + 2141


class P2142(torch.nn.Module):
    def forward(self, x):
        return x + 2142


class P2143(torch.nn.Module):
    def forward(self, x):
        return x + 2143


class P2144(torch.nn.Module):
    def forward(self, x):
        return x + 2144


class P2145(torch.nn.Module):
    def forward(self, x):
        return x + 2145


class P2146(torch.nn.Module):
    def forward(self, x):
        return x + 2146


class P2147(torch.nn.Module):
    def forward(self, x):
        return x + 2147


class P2148(torch.nn.Module):
    def forward(self, x):
        return x + 2148


class P2149(torch.nn.Module):
    def forward(self, x):
        return x + 2149


class P2150(torch.nn.Module):
    def forward(self, x):
        return x + 2150


class P2151(torch.nn.Module):
    def forward(self, x):
        return x + 2151


class P2152(torch.nn.Module):
    def forward(self, x):
        return x + 2152


class P2153(torch.nn.Module):
    def forward(self, x):
        return x + 2153


class P2154(torch.nn.Module):
    def forward(self, x):
        return x + 2154


class P2155(torch.nn.Module):
    def forward(self, x):
        return x + 2155


class P2156(torch.nn.Module):
    def forward(self, x):
        return x + 2156


class P2157(torch.nn.Module):
    def forward(self, x):
        return x + 2157


class P2158(torch.nn.Module):
    def forward(self, x):
        return x + 2158


class P2159(torch.nn.Module):
    def forward(self, x):
        return x + 2159


class P2160(torch.nn.Module):
    def forward(self, x):
        return x + 2160


class P2161(torch.nn.Module):
    def forward(self, x):
        return x + 2161


class P2162(torch.nn.Module):
    def forward(self, x):
        return x + 2162


class P2163(torch.nn.Module):
    def forward(self, x):
        return x + 2163


class P2164(torch.nn.Module):
    def forward(self, x):
        return x + 2164


class P2165(torch.nn.Module):
    def forward(self, x):
        return x + 2165


class P2166(torch.nn.Module):
    def forward(self, x):
        return x + 2166


class P2167(torch.nn.Module):
    def forward(self, x):
        return x + 2167


class P2168(torch.nn.Module):
    def forward(self, x):
        return x + 2168


class P2169(torch.nn.Module):
    def forward(self, x):
        return x + 2169


class P2170(torch.nn.Module):
    def forward(self, x):
        return x + 2170


class P2171(torch.nn.Module):
    def forward(self, x):
        return x + 2171


class P2172(torch.nn.Module):
    def forward(self, x):
        return x + 2172


class P2173(torch.nn.Module):
    def forward(self, x):
        return x + 2173


class P2174(torch.nn.Module):
    def forward(self, x):
        return x + 2174


class P2175(torch.nn.Module):
    def forward(self, x):
        return x + 2175


class P2176(torch.nn.Module):
    def forward(self, x):
        return x + 2176


class P2177(torch.nn.Module):
    def forward(self, x):
        return x + 2177


class P2178(torch.nn.Module):
    def forward(self, x):
        return x + 2178


class P2179(torch.nn.Module):
    def forward(self, x):
        return x + 2179


class P2180(torch.nn.Module):
    def forward(self, x):
        return x + 2180


class P2181(torch.nn.Module):
    def forward(self, x):
        return x + 2181


class P2182(torch.nn.Module):
    def forward(self, x):
        return x + 2182


class P2183(torch.nn.Module):
    def forward(self, x):
        return x + 2183


class P2184(torch.nn.Module):
    def forward(self, x):
        return x + 2184


class P2185(torch.nn.Module):
    def forward(self, x):
        return x + 2185


class P2186(torch.nn.Module):
    def forward(self, x):
        return x + 2186


class P2187(torch.nn.Module):
    def forward(self, x):
        return x + 2187


class P2188(torch.nn.Module):
    def forward(self, x):
        return x + 2188


class P2189(torch.nn.Module):
    def forward(self, x):
        return x + 2189


class P2190(torch.nn.Module):
    def forward(self, x):
        return x + 2190


class P2191(torch.nn.Module):
    def forward(self, x):
        return x + 2191


class P2192(torch.nn.Module):
    def forward(self, x):
        return x + 2192


class P2193(torch.nn.Module):
    def forward(self, x):
        return x + 2193


class P2194(torch.nn.Module):
    def forward(self, x):
        return x + 2194


class P2195(torch.nn.Module):
    def forward(self, x):
        return x + 2195


class P2196(torch.nn.Module):
    def forward(self, x):
        return x + 2196


class P2197(torch.nn.Module):
    def forward(self, x):
        return x + 2197


class P2198(torch.nn.Module):
    def forward(self, x):
        return x + 2198


class P2199(torch.nn.Module):
    def forward(self, x):
        return x + 2199


class P2200(torch.nn.Module):
    def forward(self, x):
        return x + 2200


class P2201(torch.nn.Module):
    def forward(self, x):
        return x + 2201


class P2202(torch.nn.Module):
    def forward(self, x):
        return x + 2202


class P2203(torch.nn.Module):
    def forward(self, x):
        return x + 2203


class P2204(torch.nn.Module):
    def forward(self, x):
        return x + 2204


class P2205(torch.nn.Module):
    def forward(self, x):
        return x + 2205


class P2206(torch.nn.Module):
    def forward(self, x):
        return x + 2206


class P2207(torch.nn.Module):
    def forward(self, x):
        return x + 2207


class P2208(torch.nn.Module):
    def forward(self, x):
        return x + 2208


class P2209(torch.nn.Module):
    def forward(self, x):
        return x + 2209


class P2210(torch.nn.Module):
    def forward(self, x):
        return x + 2210


class P2211(torch.nn.Module):
    def forward(self, x):
        return x + 2211


class P2212(torch.nn.Module):
    def forward(self, x):
        return x + 2212


class P2213(torch.nn.Module):
    def forward(self, x):
        return x + 2213


class P2214(torch.nn.Module):
    def forward(self, x):
        return x + 2214


class P2215(torch.nn.Module):
    def forward(self, x):
        return x + 2215


class P2216(torch.nn.Module):
    def forward(self, x):
        return x + 2216


class P2217(torch.nn.Module):
    def forward(self, x):
        return x + 2217


class P2218(torch.nn.Module):
    def forward(self, x):
        return x + 2218


class P2219(torch.nn.Module):
    def forward(self, x):
        return x + 2219


class P2220(torch.nn.Module):
    def forward(self, x):
        return x + 2220


class P2221(torch.nn.Module):
    def forward(self, x):
        return x + 2221


class P2222(torch.nn.Module):
    def forward(self, x):
        return x + 2222


class P2223(torch.nn.Module):
    def forward(self, x):
        return x + 2223


class P2224(torch.nn.Module):
    def forward(self, x):
        return x + 2224


class P2225(torch.nn.Module):
    def forward(self, x):
        return x + 2225


class P2226(torch.nn.Module):
    def forward(self, x):
        return x + 2226


class P2227(torch.nn.Module):
    def forward(self, x):
        return x + 2227


class P2228(torch.nn.Module):
    def forward(self, x):
        return x + 2228


class P2229(torch.nn.Module):
    def forward(self, x):
        return x + 2229


class P2230(torch.nn.Module):
    def forward(self, x):
        return x + 2230


class P2231(torch.nn.Module):
    def forward(self, x):
        return x + 2231


class P2232(torch.nn.Module):
    def forward(self, x):
        return x + 2232


class P2233(torch.nn.Module):
    def forward(self, x):
        return x + 2233


class P2234(torch.nn.Module):
    def forward(self, x):
        return x + 2234


class P2235(torch.nn.Module):
    def forward(self, x):
        return x + 2235


class P2236(torch.nn.Module):
    def forward(self, x):
        return x + 2236


class P2237(torch.nn.Module):
    def forward(self, x):
        return x + 2237


class P2238(torch.nn.Module):
    def forward(self, x):
        return x + 2238


class P2239(torch.nn.Module):
    def forward(self, x):
        return x + 2239


class P2240(torch.nn.Module):
    def forward(self, x):
        return x + 2240


class P2241(torch.nn.Module):
    def forward(self, x):
        return x + 2241


class P2242(torch.nn.Module):
    def forward(self, x):
        return x + 2242


class P2243(torch.nn.Module):
    def forward(self, x):
        return x + 2243


class P2244(torch.nn.Module):
    def forward(self, x):
        return x + 2244


class P2245(torch.nn.Module):
    def forward(self, x):
        return x + 2245


class P2246(torch.nn.Module):
    def forward(self, x):
        return x + 2246


class P2247(torch.nn.Module):
    def forward(self, x):
        return x + 2247


class P2248(torch.nn.Module):
    def forward(self, x):
        return x + 2248


class P2249(torch.nn.Module):
    def forward(self, x):
        return x + 2249


class P2250(torch.nn.Module):
    def forward(self, x):
        return x + 2250


class P2251(torch.nn.Module):
    def forward(self, x):
        return x + 2251


class P2252(torch.nn.Module):
    def forward(self, x):
        return x + 2252


class P2253(torch.nn.Module):
    def forward(self, x):
        return x + 2253


class P2254(torch.nn.Module):
    def forward(self, x):
        return x + 2254


class P2255(torch.nn.Module):
    def forward(self, x):
        return x + 2255


class P2256(torch.nn.Module):
    def forward(self, x):
        return x + 2256


class P2257(torch.nn.Module):
    def forward(self, x):
        return x + 2257


class P2258(torch.nn.Module):
    def forward(self, x):
        return x + 2258


class P2259(torch.nn.Module):
    def forward(self, x):
        return x + 2259


class P2260(torch.nn.Module):
    def forward(self, x):
        return x + 2260


class P2261(torch.nn.Module):
    def forward(self, x):
        return x + 2261


class P2262(torch.nn.Module):
    def forward(self, x):
        return x + 2262


class P2263(torch.nn.Module):
    def forward(self, x):
        return x + 2263


class P2264(torch.nn.Module):
    def forward(self, x):
        return x + 2264


class P2265(torch.nn.Module):
    def forward(self, x):
        return x + 2265


class P2266(torch.nn.Module):
    def forward(self, x):
        return x + 2266


class P2267(torch.nn.Module):
    def forward(self, x):
        return x + 2267


class P2268(torch.nn.Module):
    def forward(self, x):
        return x + 2268


class P2269(torch.nn.Module):
    def forward(self, x):
        return x + 2269


class P2270(torch.nn.Module):
    def forward(self, x):
        return x + 2270


class P2271(torch.nn.Module):
    def forward(self, x):
        return x + 2271


class P2272(torch.nn.Module):
    def forward(self, x):
        return x + 2272


class P2273(torch.nn.Module):
    def forward(self, x):
        return x + 2273


class P2274(torch.nn.Module):
    def forward(self, x):
        return x + 2274


class P2275(torch.nn.Module):
    def forward(self, x):
        return x + 2275


class P2276(torch.nn.Module):
    def forward(self, x):
        return x + 2276


class P2277(torch.nn.Module):
    def forward(self, x):
        return x + 2277


class P2278(torch.nn.Module):
    def forward(self, x):
        return x + 2278


class P2279(torch.nn.Module):
    def forward(self, x):
        return x + 2279


class P2280(torch.nn.Module):
    def forward(self, x):
        return x + 2280


class P2281(torch.nn.Module):
    def forward(self, x):
        return x + 2281


class P2282(torch.nn.Module):
    def forward(self, x):
        return x + 2282


class P2283(torch.nn.Module):
    def forward(self, x):
        return x + 2283


class P2284(torch.nn.Module):
    def forward(self, x):
        return x + 2284


class P2285(torch.nn.Module):
    def forward(self, x):
        return x + 2285


class P2286(torch.nn.Module):
    def forward(self, x):
        return x + 2286


class P2287(torch.nn.Module):
    def forward(self, x):
        return x + 2287


class P2288(torch.nn.Module):
    def forward(self, x):
        return x + 2288


class P2289(torch.nn.Module):
    def forward(self, x):
        return x + 2289


class P2290(torch.nn.Module):
    def forward(self, x):
        return x + 2290


class P2291(torch.nn.Module):
    def forward(self, x):
        return x + 2291


class P2292(torch.nn.Module):
    def forward(self, x):
        return x + 2292


class P2293(torch.nn.Module):
    def forward(self, x):
        return x + 2293


class P2294(torch.nn.Module):
    def forward(self, x):
        return x + 2294


class P2295(torch.nn.Module):
    def forward(self, x):
        return x + 2295


class P2296(torch.nn.Module):
    def forward(self, x):
        return x + 2296


class P2297(torch.nn.Module):
    def forward(self, x):
        return x + 2297


class P2298(torch.nn.Module):
    def forward(self, x):
        return x + 2298


class P2299(torch.nn.Module):
    def forward(self, x):
        return x + 2299


class P2300(torch.nn.Module):
    def forward(self, x):
        return x + 2300


class P2301(torch.nn.Module):
    def forward(self, x):
        return x + 2301


class P2302(torch.nn.Module):
    def forward(self, x):
        return x + 2302


class P2303(torch.nn.Module):
    def forward(self, x):
        return x + 2303


class P2304(torch.nn.Module):
    def forward(self, x):
        return x + 2304


class P2305(torch.nn.Module):
    def forward(self, x):
        return x + 2305


class P2306(torch.nn.Module):
    def forward(self, x):
        return x + 2306


class P2307(torch.nn.Module):
    def forward(self, x):
        return x + 2307


class P2308(torch.nn.Module):
    def forward(self, x):
        return x + 2308


class P2309(torch.nn.Module):
    def forward(self, x):
        return x + 2309


class P2310(torch.nn.Module):
    def forward(self, x):
        return x + 2310


class P2311(torch.nn.Module):
    def forward(self, x):
        return x + 2311


class P2312(torch.nn.Module):
    def forward(self, x):
        return x + 2312


class P2313(torch.nn.Module):
    def forward(self, x):
        return x + 2313


class P2314(torch.nn.Module):
    def forward(self, x):
        return x + 2314


class P2315(torch.nn.Module):
    def forward(self, x):
        return x + 2315


class P2316(torch.nn.Module):
    def forward(self, x):
        return x + 2316


class P2317(torch.nn.Module):
    def forward(self, x):
        return x + 2317


class P2318(torch.nn.Module):
    def forward(self, x):
        return x + 2318


class P2319(torch.nn.Module):
    def forward(self, x):
        return x + 2319


class P2320(torch.nn.Module):
    def forward(self, x):
        return x + 2320


class P2321(torch.nn.Module):
    def forward(self, x):
        return x + 2321


class P2322(torch.nn.Module):
    def forward(self, x):
        return x + 2322


class P2323(torch.nn.Module):
    def forward(self, x):
        return x + 2323


class P2324(torch.nn.Module):
    def forward(self, x):
        return x + 2324


class P2325(torch.nn.Module):
    def forward(self, x):
        return x + 2325


class P2326(torch.nn.Module):
    def forward(self, x):
        return x + 2326


class P2327(torch.nn.Module):
    def forward(self, x):
        return x + 2327


class P2328(torch.nn.Module):
    def forward(self, x):
        return x + 2328


class P2329(torch.nn.Module):
    def forward(self, x):
        return x + 2329


class P2330(torch.nn.Module):
    def forward(self, x):
        return x + 2330


class P2331(torch.nn.Module):
    def forward(self, x):
        return x + 2331


class P2332(torch.nn.Module):
    def forward(self, x):
        return x + 2332


class P2333(torch.nn.Module):
    def forward(self, x):
        return x + 2333


class P2334(torch.nn.Module):
    def forward(self, x):
        return x + 2334


class P2335(torch.nn.Module):
    def forward(self, x):
        return x + 2335


class P2336(torch.nn.Module):
    def forward(self, x):
        return x + 2336


class P2337(torch.nn.Module):
    def forward(self, x):
        return x + 2337


class P2338(torch.nn.Module):
    def forward(self, x):
        return x + 2338


class P2339(torch.nn.Module):
    def forward(self, x):
        return x + 2339


class P2340(torch.nn.Module):
    def forward(self, x):
        return x + 2340


class P2341(torch.nn.Module):
    def forward(self, x):
        return x + 2341


class P2342(torch.nn.Module):
    def forward(self, x):
        return x + 2342


class P2343(torch.nn.Module):
    def forward(self, x):
        return x + 2343


class P2344(torch.nn.Module):
    def forward(self, x):
        return x + 2344


class P2345(torch.nn.Module):
    def forward(self, x):
        return x + 2345


class P2346(torch.nn.Module):
    def forward(self, x):
        return x + 2346


class P2347(torch.nn.Module):
    def forward(self, x):
        return x + 2347


class P2348(torch.nn.Module):
    def forward(self, x):
        return x + 2348


class P2349(torch.nn.Module):
    def forward(self, x):
        return x + 2349


class P2350(torch.nn.Module):
    def forward(self, x):
        return x + 2350


class P2351(torch.nn.Module):
    def forward(self, x):
        return x + 2351


class P2352(torch.nn.Module):
    def forward(self, x):
        return x + 2352


class P2353(torch.nn.Module):
    def forward(self, x):
        return x + 2353


class P2354(torch.nn.Module):
    def forward(self, x):
        return x + 2354


class P2355(torch.nn.Module):
    def forward(self, x):
        return x + 2355


class P2356(torch.nn.Module):
    def forward(self, x):
        return x + 2356


class P2357(torch.nn.Module):
    def forward(self, x):
        return x + 2357


class P2358(torch.nn.Module):
    def forward(self, x):
        return x + 2358


class P2359(torch.nn.Module):
    def forward(self, x):
        return x + 2359


class P2360(torch.nn.Module):
    def forward(self, x):
        return x + 2360


class P2361(torch.nn.Module):
    def forward(self, x):
        return x + 2361


class P2362(torch.nn.Module):
    def forward(self, x):
        return x + 2362


class P2363(torch.nn.Module):
    def forward(self, x):
        return x + 2363


class P2364(torch.nn.Module):
    def forward(self, x):
        return x + 2364


class P2365(torch.nn.Module):
    def forward(self, x):
        return x + 2365


class P2366(torch.nn.Module):
    def forward(self, x):
        return x + 2366


class P2367(torch.nn.Module):
    def forward(self, x):
        return x + 2367


class P2368(torch.nn.Module):
    def forward(self, x):
        return x + 2368


class P2369(torch.nn.Module):
    def forward(self, x):
        return x + 2369


class P2370(torch.nn.Module):
    def forward(self, x):
        return x + 2370


class P2371(torch.nn.Module):
    def forward(self, x):
        return x + 2371


class P2372(torch.nn.Module):
    def forward(self, x):
        return x + 2372


class P2373(torch.nn.Module):
    def forward(self, x):
        return x + 2373


class P2374(torch.nn.Module):
    def forward(self, x):
        return x + 2374


class P2375(torch.nn.Module):
    def forward(self, x):
        return x + 2375


class P2376(torch.nn.Module):
    def forward(self, x):
        return x + 2376


class P2377(torch.nn.Module):
    def forward(self, x):
        return x + 2377


class P2378(torch.nn.Module):
    def forward(self, x):
        return x + 2378


class P2379(torch.nn.Module):
    def forward(self, x):
        return x + 2379


class P2380(torch.nn.Module):
    def forward(self, x):
        return x + 2380


class P2381(torch.nn.Module):
    def forward(self, x):
        return x + 2381


class P2382(torch.nn.Module):
    def forward(self, x):
        return x + 2382


class P2383(torch.nn.Module):
    def forward(self, x):
        return x + 2383


class P2384(torch.nn.Module):
    def forward(self, x):
        return x + 2384


class P2385(torch.nn.Module):
    def forward(self, x):
        return x + 2385


class P2386(torch.nn.Module):
    def forward(self, x):
        return x + 2386


class P2387(torch.nn.Module):
    def forward(self, x):
        return x + 2387


class P2388(torch.nn.Module):
    def forward(self, x):
        return x + 2388


class P2389(torch.nn.Module):
    def forward(self, x):
        return x + 2389


class P2390(torch.nn.Module):
    def forward(self, x):
        return x + 2390


class P2391(torch.nn.Module):
    def forward(self, x):
        return x + 2391


class P2392(torch.nn.Module):
    def forward(self, x):
        return x + 2392


class P2393(torch.nn.Module):
    def forward(self, x):
        return x + 2393


class P2394(torch.nn.Module):
    def forward(self, x):
        return x + 2394


class P2395(torch.nn.Module):
    def forward(self, x):
        return x + 2395


class P2396(torch.nn.Module):
    def forward(self, x):
        return x + 2396


class P2397(torch.nn.Module):
    def forward(self, x):
        return x + 2397


class P2398(torch.nn.Module):
    def forward(self, x):
        return x + 2398


class P2399(torch.nn.Module):
    def forward(self, x):
        return x + 2399


class P2400(torch.nn.Module):
    def forward(self, x):
        return x + 2400


class P2401(torch.nn.Module):
    def forward(self, x):
        return x + 2401


class P2402(torch.nn.Module):
    def forward(self, x):
        return x + 2402


class P2403(torch.nn.Module):
    def forward(self, x):
        return x + 2403


class P2404(torch.nn.Module):
    def forward(self, x):
        return x + 2404


class P2405(torch.nn.Module):
    def forward(self, x):
        return x + 2405


class P2406(torch.nn.Module):
    def forward(self, x):
        return x + 2406


class P2407(torch.nn.Module):
    def forward(self, x):
        return x + 2407


class P2408(torch.nn.Module):
    def forward(self, x):
        return x + 2408


class P2409(torch.nn.Module):
    def forward(self, x):
        return x + 2409


class P2410(torch.nn.Module):
    def forward(self, x):
        return x + 2410


class P2411(torch.nn.Module):
    def forward(self, x):
        return x + 2411


class P2412(torch.nn.Module):
    def forward(self, x):
        return x + 2412


class P2413(torch.nn.Module):
    def forward(self, x):
        return x + 2413


class P2414(torch.nn.Module):
    def forward(self, x):
        return x + 2414


class P2415(torch.nn.Module):
    def forward(self, x):
        return x + 2415


class P2416(torch.nn.Module):
    def forward(self, x):
        return x + 2416


class P2417(torch.nn.Module):
    def forward(self, x):
        return x + 2417


class P2418(torch.nn.Module):
    def forward(self, x):
        return x + 2418


class P2419(torch.nn.Module):
    def forward(self, x):
        return x + 2419


class P2420(torch.nn.Module):
    def forward(self, x):
        return x + 2420


class P2421(torch.nn.Module):
    def forward(self, x):
        return x + 2421


class P2422(torch.nn.Module):
    def forward(self, x):
        return x + 2422


class P2423(torch.nn.Module):
    def forward(self, x):
        return x + 2423


class P2424(torch.nn.Module):
    def forward(self, x):
        return x + 2424


class P2425(torch.nn.Module):
    def forward(self, x):
        return x + 2425


class P2426(torch.nn.Module):
    def forward(self, x):
        return x + 2426


class P2427(torch.nn.Module):
    def forward(self, x):
        return x + 2427


class P2428(torch.nn.Module):
    def forward(self, x):
        return x + 2428


class P2429(torch.nn.Module):
    def forward(self, x):
        return x + 2429


class P2430(torch.nn.Module):
    def forward(self, x):
        return x + 2430


class P2431(torch.nn.Module):
    def forward(self, x):
        return x + 2431


class P2432(torch.nn.Module):
    def forward(self, x):
        return x + 2432


class P2433(torch.nn.Module):
    def forward(self, x):
        return x + 2433


class P2434(torch.nn.Module):
    def forward(self, x):
        return x + 2434


class P2435(torch.nn.Module):
    def forward(self, x):
        return x + 2435


class P2436(torch.nn.Module):
    def forward(self, x):
        return x + 2436


class P2437(torch.nn.Module):
    def forward(self, x):
        return x + 2437


class P2438(torch.nn.Module):
    def forward(self, x):
        return x + 2438


class P2439(torch.nn.Module):
    def forward(self, x):
        return x + 2439


class P2440(torch.nn.Module):
    def forward(self, x):
        return x + 2440


class P2441(torch.nn.Module):
    def forward(self, x):
        return x + 2441


class P2442(torch.nn.Module):
    def forward(self, x):
        return x + 2442


class P2443(torch.nn.Module):
    def forward(self, x):
        return x + 2443


class P2444(torch.nn.Module):
    def forward(self, x):
        return x + 2444


class P2445(torch.nn.Module):
    def forward(self, x):
        return x + 2445


class P2446(torch.nn.Module):
    def forward(self, x):
        return x + 2446


class P2447(torch.nn.Module):
    def forward(self, x):
        return x + 2447


class P2448(torch.nn.Module):
    def forward(self, x):
        return x + 2448


class P2449(torch.nn.Module):
    def forward(self, x):
        return x + 2449


class P2450(torch.nn.Module):
    def forward(self, x):
        return x + 2450


class P2451(torch.nn.Module):
    def forward(self, x):
        return x + 2451


class P2452(torch.nn.Module):
    def forward(self, x):
        return x + 2452


class P2453(torch.nn.Module):
    def forward(self, x):
        return x + 2453


class P2454(torch.nn.Module):
    def forward(self, x):
        return x + 2454


class P2455(torch.nn.Module):
    def forward(self, x):
        return x + 2455


class P2456(torch.nn.Module):
    def forward(self, x):
        return x + 2456


class P2457(torch.nn.Module):
    def forward(self, x):
        return x + 2457


class P2458(torch.nn.Module):
    def forward(self, x):
        return x + 2458


class P2459(torch.nn.Module):
    def forward(self, x):
        return x + 2459


class P2460(torch.nn.Module):
    def forward(self, x):
        return x + 2460


class P2461(torch.nn.Module):
    def forward(self, x):
        return x + 2461


class P2462(torch.nn.Module):
    def forward(self, x):
        return x + 2462


class P2463(torch.nn.Module):
    def forward(self, x):
        return x + 2463


class P2464(torch.nn.Module):
    def forward(self, x):
        return x + 2464


class P2465(torch.nn.Module):
    def forward(self, x):
        return x + 2465


class P2466(torch.nn.Module):
    def forward(self, x):
        return x + 2466


class P2467(torch.nn.Module):
    def forward(self, x):
        return x + 2467


class P2468(torch.nn.Module):
    def forward(self, x):
        return x + 2468


class P2469(torch.nn.Module):
    def forward(self, x):
        return x + 2469


class P2470(torch.nn.Module):
    def forward(self, x):
        return x + 2470


class P2471(torch.nn.Module):
    def forward(self, x):
        return x + 2471


class P2472(torch.nn.Module):
    def forward(self, x):
        return x + 2472


class P2473(torch.nn.Module):
    def forward(self, x):
        return x + 2473


class P2474(torch.nn.Module):
    def forward(self, x):
        return x + 2474


class P2475(torch.nn.Module):
    def forward(self, x):
        return x + 2475


class P2476(torch.nn.Module):
    def forward(self, x):
        return x + 2476


class P2477(torch.nn.Module):
    def forward(self, x):
        return x + 2477


class P2478(torch.nn.Module):
    def forward(self, x):
        return x + 2478


class P2479(torch.nn.Module):
    def forward(self, x):
        return x + 2479


class P2480(torch.nn.Module):
    def forward(self, x):
        return x + 2480


class P2481(torch.nn.Module):
    def forward(self, x):
        return x + 2481


class P2482(torch.nn.Module):
    def forward(self, x):
        return x + 2482


class P2483(torch.nn.Module):
    def forward(self, x):
        return x + 2483


class P2484(torch.nn.Module):
    def forward(self, x):
        return x + 2484


class P2485(torch.nn.Module):
    def forward(self, x):
        return x + 2485


class P2486(torch.nn.Module):
    def forward(self, x):
        return x + 2486


class P2487(torch.nn.Module):
    def forward(self, x):
        return x + 2487


class P2488(torch.nn.Module):
    def forward(self, x):
        return x + 2488


class P2489(torch.nn.Module):
    def forward(self, x):
        return x + 2489


class P2490(torch.nn.Module):
    def forward(self, x):
        return x + 2490


class P2491(torch.nn.Module):
    def forward(self, x):
        return x + 2491


class P2492(torch.nn.Module):
    def forward(self, x):
        return x + 2492


class P2493(torch.nn.Module):
    def forward(self, x):
        return x + 2493


class P2494(torch.nn.Module):
    def forward(self, x):
        return x + 2494


class P2495(torch.nn.Module):
    def forward(self, x):
        return x + 2495


class P2496(torch.nn.Module):
    def forward(self, x):
        return x + 2496


class P2497(torch.nn.Module):
    def forward(self, x):
        return x + 2497


class P2498(torch.nn.Module):
    def forward(self, x):
        return x + 2498


class P2499(torch.nn.Module):
    def forward(self, x):
        return x + 2499


class P2500(torch.nn.Module):
    def forward(self, x):
        return x + 2500


class P2501(torch.nn.Module):
    def forward(self, x):
        return x + 2501


class P2502(torch.nn.Module):
    def forward(self, x):
        return x + 2502


class P2503(torch.nn.Module):
    def forward(self, x):
        return x + 2503


class P2504(torch.nn.Module):
    def forward(self, x):
        return x + 2504


class P2505(torch.nn.Module):
    def forward(self, x):
        return x + 2505


class P2506(torch.nn.Module):
    def forward(self, x):
        return x + 2506


class P2507(torch.nn.Module):
    def forward(self, x):
        return x + 2507


class P2508(torch.nn.Module):
    def forward(self, x):
        return x + 2508


class P2509(torch.nn.Module):
    def forward(self, x):
        return x + 2509


class P2510(torch.nn.Module):
    def forward(self, x):
        return x + 2510


class P2511(torch.nn.Module):
    def forward(self, x):
        return x + 2511


class P2512(torch.nn.Module):
    def forward(self, x):
        return x + 2512


class P2513(torch.nn.Module):
    def forward(self, x):
        return x + 2513


class P2514(torch.nn.Module):
    def forward(self, x):
        return x + 2514


class P2515(torch.nn.Module):
    def forward(self, x):
        return x + 2515


class P2516(torch.nn.Module):
    def forward(self, x):
        return x + 2516


class P2517(torch.nn.Module):
    def forward(self, x):
        return x + 2517


class P2518(torch.nn.Module):
    def forward(self, x):
        return x + 2518


class P2519(torch.nn.Module):
    def forward(self, x):
        return x + 2519


class P2520(torch.nn.Module):
    def forward(self, x):
        return x + 2520


class P2521(torch.nn.Module):
    def forward(self, x):
        return x + 2521


class P2522(torch.nn.Module):
    def forward(self, x):
        return x + 2522


class P2523(torch.nn.Module):
    def forward(self, x):
        return x + 2523


class P2524(torch.nn.Module):
    def forward(self, x):
        return x + 2524


class P2525(torch.nn.Module):
    def forward(self, x):
        return x + 2525


class P2526(torch.nn.Module):
    def forward(self, x):
        return x + 2526


class P2527(torch.nn.Module):
    def forward(self, x):
        return x + 2527


class P2528(torch.nn.Module):
    def forward(self, x):
        return x + 2528


class P2529(torch.nn.Module):
    def forward(self, x):
        return x + 2529


class P2530(torch.nn.Module):
    def forward(self, x):
        return x + 2530


class P2531(torch.nn.Module):
    def forward(self, x):
        return x + 2531


class P2532(torch.nn.Module):
    def forward(self, x):
        return x + 2532


class P2533(torch.nn.Module):
    def forward(self, x):
        return x + 2533


class P2534(torch.nn.Module):
    def forward(self, x):
        return x + 2534


class P2535(torch.nn.Module):
    def forward(self, x):
        return x + 2535


class P2536(torch.nn.Module):
    def forward(self, x):
        return x + 2536


class P2537(torch.nn.Module):
    def forward(self, x):
        return x + 2537


class P2538(torch.nn.Module):
    def forward(self, x):
        return x + 2538


class P2539(torch.nn.Module):
    def forward(self, x):
        return x + 2539


class P2540(torch.nn.Module):
    def forward(self, x):
        return x + 2540


class P2541(torch.nn.Module):
    def forward(self, x):
        return x + 2541


class P2542(torch.nn.Module):
    def forward(self, x):
        return x + 2542


class P2543(torch.nn.Module):
    def forward(self, x):
        return x + 2543


class P2544(torch.nn.Module):
    def forward(self, x):
        return x + 2544


class P2545(torch.nn.Module):
    def forward(self, x):
        return x + 2545


class P2546(torch.nn.Module):
    def forward(self, x):
        return x + 2546


class P2547(torch.nn.Module):
    def forward(self, x):
        return x + 2547


class P2548(torch.nn.Module):
    def forward(self, x):
        return x + 2548


class P2549(torch.nn.Module):
    def forward(self, x):
        return x + 2549


class P2550(torch.nn.Module):
    def forward(self, x):
        return x + 2550


class P2551(torch.nn.Module):
    def forward(self, x):
        return x + 2551


class P2552(torch.nn.Module):
    def forward(self, x):
        return x + 2552


class P2553(torch.nn.Module):
    def forward(self, x):
        return x + 2553


class P2554(torch.nn.Module):
    def forward(self, x):
        return x + 2554


class P2555(torch.nn.Module):
    def forward(self, x):
        return x + 2555


class P2556(torch.nn.Module):
    def forward(self, x):
        return x + 2556


class P2557(torch.nn.Module):
    def forward(self, x):
        return x + 2557


class P2558(torch.nn.Module):
    def forward(self, x):
        return x + 2558


class P2559(torch.nn.Module):
    def forward(self, x):
        return x + 2559


class P2560(torch.nn.Module):
    def forward(self, x):
        return x + 2560


class P2561(torch.nn.Module):
    def forward(self, x):
        return x + 2561


class P2562(torch.nn.Module):
    def forward(self, x):
        return x + 2562


class P2563(torch.nn.Module):
    def forward(self, x):
        return x + 2563


class P2564(torch.nn.Module):
    def forward(self, x):
        return x + 2564


class P2565(torch.nn.Module):
    def forward(self, x):
        return x + 2565


class P2566(torch.nn.Module):
    def forward(self, x):
        return x + 2566


class P2567(torch.nn.Module):
    def forward(self, x):
        return x + 2567


class P2568(torch.nn.Module):
    def forward(self, x):
        return x + 2568


class P2569(torch.nn.Module):
    def forward(self, x):
        return x + 2569


class P2570(torch.nn.Module):
    def forward(self, x):
        return x + 2570


class P2571(torch.nn.Module):
    def forward(self, x):
        return x + 2571


class P2572(torch.nn.Module):
    def forward(self, x):
        return x + 2572


class P2573(torch.nn.Module):
    def forward(self, x):
        return x + 2573


class P2574(torch.nn.Module):
    def forward(self, x):
        return x + 2574


class P2575(torch.nn.Module):
    def forward(self, x):
        return x + 2575


class P2576(torch.nn.Module):
    def forward(self, x):
        return x + 2576


class P2577(torch.nn.Module):
    def forward(self, x):
        return x + 2577


class P2578(torch.nn.Module):
    def forward(self, x):
        return x + 2578


class P2579(torch.nn.Module):
    def forward(self, x):
        return x + 2579


class P2580(torch.nn.Module):
    def forward(self, x):
        return x + 2580


class P2581(torch.nn.Module):
    def forward(self, x):
        return x + 2581


class P2582(torch.nn.Module):
    def forward(self, x):
        return x + 2582


class P2583(torch.nn.Module):
    def forward(self, x):
        return x + 2583


class P2584(torch.nn.Module):
    def forward(self, x):
        return x + 2584


class P2585(torch.nn.Module):
    def forward(self, x):
        return x + 2585


class P2586(torch.nn.Module):
    def forward(self, x):
        return x + 2586


class P2587(torch.nn.Module):
    def forward(self, x):
        return x + 2587


class P2588(torch.nn.Module):
    def forward(self, x):
        return x + 2588


class P2589(torch.nn.Module):
    def forward(self, x):
        return x + 2589


class P2590(torch.nn.Module):
    def forward(self, x):
        return x + 2590


class P2591(torch.nn.Module):
    def forward(self, x):
        return x + 2591


class P2592(torch.nn.Module):
    def forward(self, x):
        return x + 2592


class P2593(torch.nn.Module):
    def forward(self, x):
        return x + 2593


class P2594(torch.nn.Module):
    def forward(self, x):
        return x + 2594


class P2595(torch.nn.Module):
    def forward(self, x):
        return x + 2595


class P2596(torch.nn.Module):
    def forward(self, x):
        return x + 2596


class P2597(torch.nn.Module):
    def forward(self, x):
        return x + 2597


class P2598(torch.nn.Module):
    def forward(self, x):
        return x + 2598


class P2599(torch.nn.Module):
    def forward(self, x):
        return x + 2599


class P2600(torch.nn.Module):
    def forward(self, x):
        return x + 2600


class P2601(torch.nn.Module):
    def forward(self, x):
        return x + 2601


class P2602(torch.nn.Module):
    def forward(self, x):
        return x + 2602


class P2603(torch.nn.Module):
    def forward(self, x):
        return x + 2603


class P2604(torch.nn.Module):
    def forward(self, x):
        return x + 2604


class P2605(torch.nn.Module):
    def forward(self, x):
        return x + 2605


class P2606(torch.nn.Module):
    def forward(self, x):
        return x + 2606


class P2607(torch.nn.Module):
    def forward(self, x):
        return x + 2607


class P2608(torch.nn.Module):
    def forward(self, x):
        return x + 2608


class P2609(torch.nn.Module):
    def forward(self, x):
        return x + 2609


class P2610(torch.nn.Module):
    def forward(self, x):
        return x + 2610


class P2611(torch.nn.Module):
    def forward(self, x):
        return x + 2611


class P2612(torch.nn.Module):
    def forward(self, x):
        return x + 2612


class P2613(torch.nn.Module):
    def forward(self, x):
        return x + 2613


class P2614(torch.nn.Module):
    def forward(self, x):
        return x + 2614


class P2615(torch.nn.Module):
    def forward(self, x):
        return x + 2615


class P2616(torch.nn.Module):
    def forward(self, x):
        return x + 2616


class P2617(torch.nn.Module):
    def forward(self, x):
        return x + 2617


class P2618(torch.nn.Module):
    def forward(self, x):
        return x + 2618


class P2619(torch.nn.Module):
    def forward(self, x):
        return x + 2619


class P2620(torch.nn.Module):
    def forward(self, x):
        return x + 2620


class P2621(torch.nn.Module):
    def forward(self, x):
        return x + 2621


class P2622(torch.nn.Module):
    def forward(self, x):
        return x + 2622


class P2623(torch.nn.Module):
    def forward(self, x):
        return x + 2623


class P2624(torch.nn.Module):
    def forward(self, x):
        return x + 2624


class P2625(torch.nn.Module):
    def forward(self, x):
        return x + 2625


class P2626(torch.nn.Module):
    def forward(self, x):
        return x + 2626


class P2627(torch.nn.Module):
    def forward(self, x):
        return x + 2627


class P2628(torch.nn.Module):
    def forward(self, x):
        return x + 2628


class P2629(torch.nn.Module):
    def forward(self, x):
        return x + 2629


class P2630(torch.nn.Module):
    def forward(self, x):
        return x + 2630


class P2631(torch.nn.Module):
    def forward(self, x):
        return x + 2631


class P2632(torch.nn.Module):
    def forward(self, x):
        return x + 2632


class P2633(torch.nn.Module):
    def forward(self, x):
        return x + 2633


class P2634(torch.nn.Module):
    def forward(self, x):
        return x + 2634


class P2635(torch.nn.Module):
    def forward(self, x):
        return x + 2635


class P2636(torch.nn.Module):
    def forward(self, x):
        return x + 2636


class P2637(torch.nn.Module):
    def forward(self, x):
        return x + 2637


class P2638(torch.nn.Module):
    def forward(self, x):
        return x + 2638


class P2639(torch.nn.Module):
    def forward(self, x):
        return x + 2639


class P2640(torch.nn.Module):
    def forward(self, x):
        return x + 2640


class P2641(torch.nn.Module):
    def forward(self, x):
        return x + 2641


class P2642(torch.nn.Module):
    def forward(self, x):
        return x + 2642


class P2643(torch.nn.Module):
    def forward(self, x):
        return x + 2643


class P2644(torch.nn.Module):
    def forward(self, x):
        return x + 2644


class P2645(torch.nn.Module):
    def forward(self, x):
        return x + 2645


class P2646(torch.nn.Module):
    def forward(self, x):
        return x + 2646


class P2647(torch.nn.Module):
    def forward(self, x):
        return x + 2647


class P2648(torch.nn.Module):
    def forward(self, x):
        return x + 2648


class P2649(torch.nn.Module):
    def forward(self, x):
        return x + 2649


class P2650(torch.nn.Module):
    def forward(self, x):
        return x + 2650


class P2651(torch.nn.Module):
    def forward(self, x):
        return x + 2651


class P2652(torch.nn.Module):
    def forward(self, x):
        return x + 2652


class P2653(torch.nn.Module):
    def forward(self, x):
        return x + 2653


class P2654(torch.nn.Module):
    def forward(self, x):
        return x + 2654


class P2655(torch.nn.Module):
    def forward(self, x):
        return x + 2655


class P2656(torch.nn.Module):
    def forward(self, x):
        return x + 2656


class P2657(torch.nn.Module):
    def forward(self, x):
        return x + 2657


class P2658(torch.nn.Module):
    def forward(self, x):
        return x + 2658


class P2659(torch.nn.Module):
    def forward(self, x):
        return x + 2659


class P2660(torch.nn.Module):
    def forward(self, x):
        return x + 2660


class P2661(torch.nn.Module):
    def forward(self, x):
        return x + 2661


class P2662(torch.nn.Module):
    def forward(self, x):
        return x + 2662


class P2663(torch.nn.Module):
    def forward(self, x):
        return x + 2663


class P2664(torch.nn.Module):
    def forward(self, x):
        return x + 2664


class P2665(torch.nn.Module):
    def forward(self, x):
        return x + 2665


class P2666(torch.nn.Module):
    def forward(self, x):
        return x + 2666


class P2667(torch.nn.Module):
    def forward(self, x):
        return x + 2667


class P2668(torch.nn.Module):
    def forward(self, x):
        return x + 2668


class P2669(torch.nn.Module):
    def forward(self, x):
        return x + 2669


class P2670(torch.nn.Module):
    def forward(self, x):
        return x + 2670


class P2671(torch.nn.Module):
    def forward(self, x):
        return x + 2671


class P2672(torch.nn.Module):
    def forward(self, x):
        return x + 2672


class P2673(torch.nn.Module):
    def forward(self, x):
        return x + 2673


class P2674(torch.nn.Module):
    def forward(self, x):
        return x + 2674


class P2675(torch.nn.Module):
    def forward(self, x):
        return x + 2675


class P2676(torch.nn.Module):
    def forward(self, x):
        return x + 2676


class P2677(torch.nn.Module):
    def forward(self, x):
        return x + 2677


class P2678(torch.nn.Module):
    def forward(self, x):
        return x + 2678


class P2679(torch.nn.Module):
    def forward(self, x):
        return x + 2679


class P2680(torch.nn.Module):
    def forward(self, x):
        return x + 2680


class P2681(torch.nn.Module):
    def forward(self, x):
        return x + 2681


class P2682(torch.nn.Module):
    def forward(self, x):
        return x + 2682


class P2683(torch.nn.Module):
    def forward(self, x):
        return x + 2683


class P2684(torch.nn.Module):
    def forward(self, x):
        return x + 2684


class P2685(torch.nn.Module):
    def forward(self, x):
        return x + 2685


class P2686(torch.nn.Module):
    def forward(self, x):
        return x + 2686


class P2687(torch.nn.Module):
    def forward(self, x):
        return x + 2687


class P2688(torch.nn.Module):
    def forward(self, x):
        return x + 2688


class P2689(torch.nn.Module):
    def forward(self, x):
        return x + 2689


class P2690(torch.nn.Module):
    def forward(self, x):
        return x + 2690


class P2691(torch.nn.Module):
    def forward(self, x):
        return x + 2691


class P2692(torch.nn.Module):
    def forward(self, x):
        return x + 2692


class P2693(torch.nn.Module):
    def forward(self, x):
        return x + 2693


class P2694(torch.nn.Module):
    def forward(self, x):
        return x + 2694


class P2695(torch.nn.Module):
    def forward(self, x):
        return x + 2695


class P2696(torch.nn.Module):
    def forward(self, x):
        return x + 2696


class P2697(torch.nn.Module):
    def forward(self, x):
        return x + 2697


class P2698(torch.nn.Module):
    def forward(self, x):
        return x + 2698


class P2699(torch.nn.Module):
    def forward(self, x):
        return x + 2699


class P2700(torch.nn.Module):
    def forward(self, x):
        return x + 2700


class P2701(torch.nn.Module):
    def forward(self, x):
        return x + 2701


class P2702(torch.nn.Module):
    def forward(self, x):
        return x + 2702


class P2703(torch.nn.Module):
    def forward(self, x):
        return x + 2703


class P2704(torch.nn.Module):
    def forward(self, x):
        return x + 2704


class P2705(torch.nn.Module):
    def forward(self, x):
        return x + 2705


class P2706(torch.nn.Module):
    def forward(self, x):
        return x + 2706


class P2707(torch.nn.Module):
    def forward(self, x):
        return x + 2707


class P2708(torch.nn.Module):
    def forward(self, x):
        return x + 2708


class P2709(torch.nn.Module):
    def forward(self, x):
        return x + 2709


class P2710(torch.nn.Module):
    def forward(self, x):
        return x + 2710


class P2711(torch.nn.Module):
    def forward(self, x):
        return x + 2711


class P2712(torch.nn.Module):
    def forward(self, x):
        return x + 2712


class P2713(torch.nn.Module):
    def forward(self, x):
        return x + 2713


class P2714(torch.nn.Module):
    def forward(self, x):
        return x + 2714


class P2715(torch.nn.Module):
    def forward(self, x):
        return x + 2715


class P2716(torch.nn.Module):
    def forward(self, x):
        return x + 2716


class P2717(torch.nn.Module):
    def forward(self, x):
        return x + 2717


class P2718(torch.nn.Module):
    def forward(self, x):
        return x + 2718


class P2719(torch.nn.Module):
    def forward(self, x):
        return x + 2719


class P2720(torch.nn.Module):
    def forward(self, x):
        return x + 2720


class P2721(torch.nn.Module):
    def forward(self, x):
        return x + 2721


class P2722(torch.nn.Module):
    def forward(self, x):
        return x + 2722


class P2723(torch.nn.Module):
    def forward(self, x):
        return x + 2723


class P2724(torch.nn.Module):
    def forward(self, x):
        return x + 2724


class P2725(torch.nn.Module):
    def forward(self, x):
        return x + 2725


class P2726(torch.nn.Module):
    def forward(self, x):
        return x + 2726


class P2727(torch.nn.Module):
    def forward(self, x):
        return x + 2727


class P2728(torch.nn.Module):
    def forward(self, x):
        return x + 2728


class P2729(torch.nn.Module):
    def forward(self, x):
        return x + 2729


class P2730(torch.nn.Module):
    def forward(self, x):
        return x + 2730


class P2731(torch.nn.Module):
    def forward(self, x):
        return x + 2731


class P2732(torch.nn.Module):
    def forward(self, x):
        return x + 2732


class P2733(torch.nn.Module):
    def forward(self, x):
        return x + 2733


class P2734(torch.nn.Module):
    def forward(self, x):
        return x + 2734


class P2735(torch.nn.Module):
    def forward(self, x):
        return x + 2735


class P2736(torch.nn.Module):
    def forward(self, x):
        return x + 2736


class P2737(torch.nn.Module):
    def forward(self, x):
        return x + 2737


class P2738(torch.nn.Module):
    def forward(self, x):
        return x + 2738


class P2739(torch.nn.Module):
    def forward(self, x):
        return x + 2739


class P2740(torch.nn.Module):
    def forward(self, x):
        return x + 2740


class P2741(torch.nn.Module):
    def forward(self, x):
        return x + 2741


class P2742(torch.nn.Module):
    def forward(self, x):
        return x + 2742


class P2743(torch.nn.Module):
    def forward(self, x):
        return x + 2743


class P2744(torch.nn.Module):
    def forward(self, x):
        return x + 2744


class P2745(torch.nn.Module):
    def forward(self, x):
        return x + 2745


class P2746(torch.nn.Module):
    def forward(self, x):
        return x + 2746


class P2747(torch.nn.Module):
    def forward(self, x):
        return x + 2747


class P2748(torch.nn.Module):
    def forward(self, x):
        return x + 2748


class P2749(torch.nn.Module):
    def forward(self, x):
        return x + 2749


class P2750(torch.nn.Module):
    def forward(self, x):
        return x + 2750


class P2751(torch.nn.Module):
    def forward(self, x):
        return x + 2751


class P2752(torch.nn.Module):
    def forward(self, x):
        return x + 2752


class P2753(torch.nn.Module):
    def forward(self, x):
        return x + 2753


class P2754(torch.nn.Module):
    def forward(self, x):
        return x + 2754


class P2755(torch.nn.Module):
    def forward(self, x):
        return x + 2755


class P2756(torch.nn.Module):
    def forward(self, x):
        return x + 2756


class P2757(torch.nn.Module):
    def forward(self, x):
        return x + 2757


class P2758(torch.nn.Module):
    def forward(self, x):
        return x + 2758


class P2759(torch.nn.Module):
    def forward(self, x):
        return x + 2759


class P2760(torch.nn.Module):
    def forward(self, x):
        return x + 2760


class P2761(torch.nn.Module):
    def forward(self, x):
        return x + 2761


class P2762(torch.nn.Module):
    def forward(self, x):
        return x + 2762


class P2763(torch.nn.Module):
    def forward(self, x):
        return x + 2763


class P2764(torch.nn.Module):
    def forward(self, x):
        return x + 2764


class P2765(torch.nn.Module):
    def forward(self, x):
        return x + 2765


class P2766(torch.nn.Module):
    def forward(self, x):
        return x + 2766


class P2767(torch.nn.Module):
    def forward(self, x):
        return x + 2767


class P2768(torch.nn.Module):
    def forward(self, x):
        return x + 2768


class P2769(torch.nn.Module):
    def forward(self, x):
        return x + 2769


class P2770(torch.nn.Module):
    def forward(self, x):
        return x + 2770


class P2771(torch.nn.Module):
    def forward(self, x):
        return x + 2771


class P2772(torch.nn.Module):
    def forward(self, x):
        return x + 2772


class P2773(torch.nn.Module):
    def forward(self, x):
        return x + 2773


class P2774(torch.nn.Module):
    def forward(self, x):
        return x + 2774


class P2775(torch.nn.Module):
    def forward(self, x):
        return x + 2775


class P2776(torch.nn.Module):
    def forward(self, x):
        return x + 2776


class P2777(torch.nn.Module):
    def forward(self, x):
        return x + 2777


class P2778(torch.nn.Module):
    def forward(self, x):
        return x + 2778


class P2779(torch.nn.Module):
    def forward(self, x):
        return x + 2779


class P2780(torch.nn.Module):
    def forward(self, x):
        return x + 2780


class P2781(torch.nn.Module):
    def forward(self, x):
        return x + 2781


class P2782(torch.nn.Module):
    def forward(self, x):
        return x + 2782


class P2783(torch.nn.Module):
    def forward(self, x):
        return x + 2783


class P2784(torch.nn.Module):
    def forward(self, x):
        return x + 2784


class P2785(torch.nn.Module):
    def forward(self, x):
        return x + 2785


class P2786(torch.nn.Module):
    def forward(self, x):
        return x + 2786


class P2787(torch.nn.Module):
    def forward(self, x):
        return x + 2787


class P2788(torch.nn.Module):
    def forward(self, x):
        return x + 2788


class P2789(torch.nn.Module):
    def forward(self, x):
        return x + 2789


class P2790(torch.nn.Module):
    def forward(self, x):
        return x + 2790


class P2791(torch.nn.Module):
    def forward(self, x):
        return x + 2791


class P2792(torch.nn.Module):
    def forward(self, x):
        return x + 2792


class P2793(torch.nn.Module):
    def forward(self, x):
        return x + 2793


class P2794(torch.nn.Module):
    def forward(self, x):
        return x + 2794


class P2795(torch.nn.Module):
    def forward(self, x):
        return x + 2795


class P2796(torch.nn.Module):
    def forward(self, x):
        return x + 2796


class P2797(torch.nn.Module):
    def forward(self, x):
        return x + 2797


class P2798(torch.nn.Module):
    def forward(self, x):
        return x + 2798


class P2799(torch.nn.Module):
    def forward(self, x):
        return x + 2799


class P2800(torch.nn.Module):
    def forward(self, x):
        return x + 2800


class P2801(torch.nn.Module):
    def forward(self, x):
        return x + 2801


class P2802(torch.nn.Module):
    def forward(self, x):
        return x + 2802


class P2803(torch.nn.Module):
    def forward(self, x):
        return x + 2803


class P2804(torch.nn.Module):
    def forward(self, x):
        return x + 2804


class P2805(torch.nn.Module):
    def forward(self, x):
        return x + 2805


class P2806(torch.nn.Module):
    def forward(self, x):
        return x + 2806


class P2807(torch.nn.Module):
    def forward(self, x):
        return x + 2807


class P2808(torch.nn.Module):
    def forward(self, x):
        return x + 2808


class P2809(torch.nn.Module):
    def forward(self, x):
        return x + 2809


class P2810(torch.nn.Module):
    def forward(self, x):
        return x + 2810


class P2811(torch.nn.Module):
    def forward(self, x):
        return x + 2811


class P2812(torch.nn.Module):
    def forward(self, x):
        return x + 2812


class P2813(torch.nn.Module):
    def forward(self, x):
        return x + 2813


class P2814(torch.nn.Module):
    def forward(self, x):
        return x + 2814


class P2815(torch.nn.Module):
    def forward(self, x):
        return x + 2815


class P2816(torch.nn.Module):
    def forward(self, x):
        return x + 2816


class P2817(torch.nn.Module):
    def forward(self, x):
        return x + 2817


class P2818(torch.nn.Module):
    def forward(self, x):
        return x + 2818


class P2819(torch.nn.Module):
    def forward(self, x):
        return x + 2819


class P2820(torch.nn.Module):
    def forward(self, x):
        return x + 2820


class P2821(torch.nn.Module):
    def forward(self, x):
        return x + 2821


class P2822(torch.nn.Module):
    def forward(self, x):
        return x + 2822


class P2823(torch.nn.Module):
    def forward(self, x):
        return x + 2823


class P2824(torch.nn.Module):
    def forward(self, x):
        return x + 2824


class P2825(torch.nn.Module):
    def forward(self, x):
        return x + 2825


class P2826(torch.nn.Module):
    def forward(self, x):
        return x + 2826


class P2827(torch.nn.Module):
    def forward(self, x):
        return x + 2827


class P2828(torch.nn.Module):
    def forward(self, x):
        return x + 2828


class P2829(torch.nn.Module):
    def forward(self, x):
        return x + 2829


class P2830(torch.nn.Module):
    def forward(self, x):
        return x + 2830


class P2831(torch.nn.Module):
    def forward(self, x):
        return x + 2831


class P2832(torch.nn.Module):
    def forward(self, x):
        return x + 2832


class P2833(torch.nn.Module):
    def forward(self, x):
        return x + 2833


class P2834(torch.nn.Module):
    def forward(self, x):
        return x + 2834


class P2835(torch.nn.Module):
    def forward(self, x):
        return x + 2835


class P2836(torch.nn.Module):
    def forward(self, x):
        return x + 2836


class P2837(torch.nn.Module):
    def forward(self, x):
        return x + 2837


class P2838(torch.nn.Module):
    def forward(self, x):
        return x + 2838


class P2839(torch.nn.Module):
    def forward(self, x):
        return x + 2839


class P2840(torch.nn.Module):
    def forward(self, x):
        return x + 2840


class P2841(torch.nn.Module):
    def forward(self, x):
        return x + 2841


class P2842(torch.nn.Module):
    def forward(self, x):
        return x + 2842


class P2843(torch.nn.Module):
    def forward(self, x):
        return x + 2843


class P2844(torch.nn.Module):
    def forward(self, x):
        return x + 2844


class P2845(torch.nn.Module):
    def forward(self, x):
        return x + 2845


class P2846(torch.nn.Module):
    def forward(self, x):
        return x + 2846


class P2847(torch.nn.Module):
    def forward(self, x):
        return x + 2847


class P2848(torch.nn.Module):
    def forward(self, x):
        return x + 2848


class P2849(torch.nn.Module):
    def forward(self, x):
        return x + 2849


class P2850(torch.nn.Module):
    def forward(self, x):
        return x + 2850


class P2851(torch.nn.Module):
    def forward(self, x):
        return x + 2851


class P2852(torch.nn.Module):
    def forward(self, x):
        return x + 2852


class P2853(torch.nn.Module):
    def forward(self, x):
        return x + 2853


class P2854(torch.nn.Module):
    def forward(self, x):
        return x + 2854


class P2855(torch.nn.Module):
    def forward(self, x):
        return x + 2855


class P2856(torch.nn.Module):
    def forward(self, x):
        return x + 2856


class P2857(torch.nn.Module):
    def forward(self, x):
        return x + 2857


class P2858(torch.nn.Module):
    def forward(self, x):
        return x + 2858


class P2859(torch.nn.Module):
    def forward(self, x):
        return x + 2859


class P2860(torch.nn.Module):
    def forward(self, x):
        return x + 2860


class P2861(torch.nn.Module):
    def forward(self, x):
        return x + 2861


class P2862(torch.nn.Module):
    def forward(self, x):
        return x + 2862


class P2863(torch.nn.Module):
    def forward(self, x):
        return x + 2863


class P2864(torch.nn.Module):
    def forward(self, x):
        return x + 2864


class P2865(torch.nn.Module):
    def forward(self, x):
        return x + 2865


class P2866(torch.nn.Module):
    def forward(self, x):
        return x + 2866


class P2867(torch.nn.Module):
    def forward(self, x):
        return x + 2867


class P2868(torch.nn.Module):
    def forward(self, x):
        return x + 2868


class P2869(torch.nn.Module):
    def forward(self, x):
        return x + 2869


class P2870(torch.nn.Module):
    def forward(self, x):
        return x + 2870


class P2871(torch.nn.Module):
    def forward(self, x):
        return x + 2871


class P2872(torch.nn.Module):
    def forward(self, x):
        return x + 2872


class P2873(torch.nn.Module):
    def forward(self, x):
        return x + 2873


class P2874(torch.nn.Module):
    def forward(self, x):
        return x + 2874


class P2875(torch.nn.Module):
    def forward(self, x):
        return x + 2875


class P2876(torch.nn.Module):
    def forward(self, x):
        return x + 2876


class P2877(torch.nn.Module):
    def forward(self, x):
        return x + 2877


class P2878(torch.nn.Module):
    def forward(self, x):
        return x + 2878


class P2879(torch.nn.Module):
    def forward(self, x):
        return x + 2879


class P2880(torch.nn.Module):
    def forward(self, x):
        return x + 2880


class P2881(torch.nn.Module):
    def forward(self, x):
        return x + 2881


class P2882(torch.nn.Module):
    def forward(self, x):
        return x + 2882


class P2883(torch.nn.Module):
    def forward(self, x):
        return x + 2883


class P2884(torch.nn.Module):
    def forward(self, x):
        return x + 2884


class P2885(torch.nn.Module):
    def forward(self, x):
        return x + 2885


class P2886(torch.nn.Module):
    def forward(self, x):
        return x + 2886


class P2887(torch.nn.Module):
    def forward(self, x):
        return x + 2887


class P2888(torch.nn.Module):
    def forward(self, x):
        return x + 2888


class P2889(torch.nn.Module):
    def forward(self, x):
        return x + 2889


class P2890(torch.nn.Module):
    def forward(self, x):
        return x + 2890


class P2891(torch.nn.Module):
    def forward(self, x):
        return x + 2891


class P2892(torch.nn.Module):
    def forward(self, x):
        return x + 2892


class P2893(torch.nn.Module):
    def forward(self, x):
        return x + 2893


class P2894(torch.nn.Module):
    def forward(self, x):
        return x + 2894


class P2895(torch.nn.Module):
    def forward(self, x):
        return x + 2895


class P2896(torch.nn.Module):
    def forward(self, x):
        return x + 2896


class P2897(torch.nn.Module):
    def forward(self, x):
        return x + 2897


class P2898(torch.nn.Module):
    def forward(self, x):
        return x + 2898


class P2899(torch.nn.Module):
    def forward(self, x):
        return x + 2899


class P2900(torch.nn.Module):
    def forward(self, x):
        return x + 2900


class P2901(torch.nn.Module):
    def forward(self, x):
        return x + 2901


class P2902(torch.nn.Module):
    def forward(self, x):
        return x + 2902


class P2903(torch.nn.Module):
    def forward(self, x):
        return x + 2903


class P2904(torch.nn.Module):
    def forward(self, x):
        return x + 2904


class P2905(torch.nn.Module):
    def forward(self, x):
        return x + 2905


class P2906(torch.nn.Module):
    def forward(self, x):
        return x + 2906


class P2907(torch.nn.Module):
    def forward(self, x):
        return x + 2907


class P2908(torch.nn.Module):
    def forward(self, x):
        return x + 2908


class P2909(torch.nn.Module):
    def forward(self, x):
        return x + 2909


class P2910(torch.nn.Module):
    def forward(self, x):
        return x + 2910


class P2911(torch.nn.Module):
    def forward(self, x):
        return x + 2911


class P2912(torch.nn.Module):
    def forward(self, x):
        return x + 2912


class P2913(torch.nn.Module):
    def forward(self, x):
        return x + 2913


class P2914(torch.nn.Module):
    def forward(self, x):
        return x + 2914


class P2915(torch.nn.Module):
    def forward(self, x):
        return x + 2915


class P2916(torch.nn.Module):
    def forward(self, x):
        return x + 2916


class P2917(torch.nn.Module):
    def forward(self, x):
        return x + 2917


class P2918(torch.nn.Module):
    def forward(self, x):
        return x + 2918


class P2919(torch.nn.Module):
    def forward(self, x):
        return x + 2919


class P2920(torch.nn.Module):
    def forward(self, x):
        return x + 2920


class P2921(torch.nn.Module):
    def forward(self, x):
        return x + 2921


class P2922(torch.nn.Module):
    def forward(self, x):
        return x + 2922


class P2923(torch.nn.Module):
    def forward(self, x):
        return x + 2923


class P2924(torch.nn.Module):
    def forward(self, x):
        return x + 2924


class P2925(torch.nn.Module):
    def forward(self, x):
        return x + 2925


class P2926(torch.nn.Module):
    def forward(self, x):
        return x + 2926


class P2927(torch.nn.Module):
    def forward(self, x):
        return x + 2927


class P2928(torch.nn.Module):
    def forward(self, x):
        return x + 2928


class P2929(torch.nn.Module):
    def forward(self, x):
        return x + 2929


class P2930(torch.nn.Module):
    def forward(self, x):
        return x + 2930


class P2931(torch.nn.Module):
    def forward(self, x):
        return x + 2931


class P2932(torch.nn.Module):
    def forward(self, x):
        return x + 2932


class P2933(torch.nn.Module):
    def forward(self, x):
        return x + 2933


class P2934(torch.nn.Module):
    def forward(self, x):
        return x + 2934


class P2935(torch.nn.Module):
    def forward(self, x):
        return x + 2935


class P2936(torch.nn.Module):
    def forward(self, x):
        return x + 2936


class P2937(torch.nn.Module):
    def forward(self, x):
        return x + 2937


class P2938(torch.nn.Module):
    def forward(self, x):
        return x + 2938


class P2939(torch.nn.Module):
    def forward(self, x):
        return x + 2939


class P2940(torch.nn.Module):
    def forward(self, x):
        return x + 2940


class P2941(torch.nn.Module):
    def forward(self, x):
        return x + 2941


class P2942(torch.nn.Module):
    def forward(self, x):
        return x + 2942


class P2943(torch.nn.Module):
    def forward(self, x):
        return x + 2943


class P2944(torch.nn.Module):
    def forward(self, x):
        return x + 2944


class P2945(torch.nn.Module):
    def forward(self, x):
        return x + 2945


class P2946(torch.nn.Module):
    def forward(self, x):
        return x + 2946


class P2947(torch.nn.Module):
    def forward(self, x):
        return x + 2947


class P2948(torch.nn.Module):
    def forward(self, x):
        return x + 2948


class P2949(torch.nn.Module):
    def forward(self, x):
        return x + 2949


class P2950(torch.nn.Module):
    def forward(self, x):
        return x + 2950


class P2951(torch.nn.Module):
    def forward(self, x):
        return x + 2951


class P2952(torch.nn.Module):
    def forward(self, x):
        return x + 2952


class P2953(torch.nn.Module):
    def forward(self, x):
        return x + 2953


class P2954(torch.nn.Module):
    def forward(self, x):
        return x + 2954


class P2955(torch.nn.Module):
    def forward(self, x):
        return x + 2955


class P2956(torch.nn.Module):
    def forward(self, x):
        return x + 2956


class P2957(torch.nn.Module):
    def forward(self, x):
        return x + 2957


class P2958(torch.nn.Module):
    def forward(self, x):
        return x + 2958


class P2959(torch.nn.Module):
    def forward(self, x):
        return x + 2959


class P2960(torch.nn.Module):
    def forward(self, x):
        return x + 2960


class P2961(torch.nn.Module):
    def forward(self, x):
        return x + 2961


class P2962(torch.nn.Module):
    def forward(self, x):
        return x + 2962


class P2963(torch.nn.Module):
    def forward(self, x):
        return x + 2963


class P2964(torch.nn.Module):
    def forward(self, x):
        return x + 2964


class P2965(torch.nn.Module):
    def forward(self, x):
        return x + 2965


class P2966(torch.nn.Module):
    def forward(self, x):
        return x + 2966


class P2967(torch.nn.Module):
    def forward(self, x):
        return x + 2967


class P2968(torch.nn.Module):
    def forward(self, x):
        return x + 2968


class P2969(torch.nn.Module):
    def forward(self, x):
        return x + 2969


class P2970(torch.nn.Module):
    def forward(self, x):
        return x + 2970


class P2971(torch.nn.Module):
    def forward(self, x):
        return x + 2971


class P2972(torch.nn.Module):
    def forward(self, x):
        return x + 2972


class P2973(torch.nn.Module):
    def forward(self, x):
        return x + 2973


class P2974(torch.nn.Module):
    def forward(self, x):
        return x + 2974


class P2975(torch.nn.Module):
    def forward(self, x):
        return x + 2975


class P2976(torch.nn.Module):
    def forward(self, x):
        return x + 2976


class P2977(torch.nn.Module):
    def forward(self, x):
        return x + 2977


class P2978(torch.nn.Module):
    def forward(self, x):
        return x + 2978


class P2979(torch.nn.Module):
    def forward(self, x):
        return x + 2979


class P2980(torch.nn.Module):
    def forward(self, x):
        return x + 2980


class P2981(torch.nn.Module):
    def forward(self, x):
        return x + 2981


class P2982(torch.nn.Module):
    def forward(self, x):
        return x + 2982


class P2983(torch.nn.Module):
    def forward(self, x):
        return x + 2983


class P2984(torch.nn.Module):
    def forward(self, x):
        return x + 2984


class P2985(torch.nn.Module):
    def forward(self, x):
        return x + 2985


class P2986(torch.nn.Module):
    def forward(self, x):
        return x + 2986


class P2987(torch.nn.Module):
    def forward(self, x):
        return x + 2987


class P2988(torch.nn.Module):
    def forward(self, x):
        return x + 2988


class P2989(torch.nn.Module):
    def forward(self, x):
        return x + 2989


class P2990(torch.nn.Module):
    def forward(self, x):
        return x + 2990


class P2991(torch.nn.Module):
    def forward(self, x):
        return x + 2991


class P2992(torch.nn.Module):
    def forward(self, x):
        return x + 2992


class P2993(torch.nn.Module):
    def forward(self, x):
        return x + 2993


class P2994(torch.nn.Module):
    def forward(self, x):
        return x + 2994


class P2995(torch.nn.Module):
    def forward(self, x):
        return x + 2995


class P2996(torch.nn.Module):
    def forward(self, x):
        return x + 2996


class P2997(torch.nn.Module):
    def forward(self, x):
        return x + 2997


class P2998(torch.nn.Module):
    def forward(self, x):
        return x + 2998


class P2999(torch.nn.Module):
    def forward(self, x):
        return x + 2999
